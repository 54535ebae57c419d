import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Which chunk a dependency goes to: the UI kit and React change less often than the app, so they cache apart. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return 'antd';
  // The pinyin dictionary serves only the menu search, inside the layout: the login page need not load it.
  if (id.includes('/node_modules/pinyin-pro/')) return 'pinyin';
  return 'vendor';
}

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One antd chunk (~320 kB gzipped) shared by every screen is the point of the split, not a problem.
    chunkSizeWarningLimit: 1200,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default leaves one core free; on a 2-core machine that runs the files one at a time.
    maxWorkers: 2,
  },
});
