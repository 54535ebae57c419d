import type { Resources } from '../types.ts';

/** The park's personnel: the staff list and a person's detail page. */
export const personnel: Resources['personnel'] = {
  detailTitle: 'Person',
  detailTagNamed: '{{kind}}: {{name}}',
  backToList: 'Back to personnel',
  noStaff: 'This person does not exist or may not be viewed',
};
