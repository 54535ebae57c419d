import { Input } from 'antd';
import { type ComponentProps, type ComponentType, type LazyExoticComponent, Suspense } from 'react';

/**
 * A form input whose code loads with the first form that shows one (`React.lazy`), so a list whose forms have no
 * such field does without: a disabled input with the field's placeholder stands in meanwhile. Value, onChange and
 * id pass through from the Form.Item, which gives them to its direct child.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props; ComponentProps<C> types each use
export function Deferred<C extends LazyExoticComponent<ComponentType<any>>>({
  input: Loaded,
  ...props
}: { input: C } & ComponentProps<C>) {
  const { placeholder } = props as { placeholder?: string };
  const Component = Loaded as unknown as ComponentType<typeof props>;
  return (
    <Suspense fallback={<Input disabled placeholder={placeholder} />}>
      <Component {...props} />
    </Suspense>
  );
}
