import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmn.css';
import { parkModdle } from '@park/catalog/workflow';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';

/** bpmn-js's viewer with pan and zoom, reading our extension elements: its own chunk, loaded by BpmnViewer when drawn. */
export function createViewer(container: HTMLElement): NavigatedViewer {
  return new NavigatedViewer({ container, moddleExtensions: { park: parkModdle } });
}
