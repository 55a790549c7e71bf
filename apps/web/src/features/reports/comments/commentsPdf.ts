// The open comments PDF: the three sections, each either as one list (each comment with its topic)
// or, in the alternative layout, grouped by description (criterion) with a sub-heading per topic.
import type { Content } from 'pdfmake/interfaces';
import type { CommentSections_CommentFragment } from '../../../__generated__/graphql';
import { downloadReportPdf } from '../pdf/reportPdf';
import { groupByCriterion, SECTIONS, type Section } from './commentRules';

export interface CommentsPdfInput {
  sections: Record<Section, readonly CommentSections_CommentFragment[]>;
  /** Section headings in the page's wording (trend or not). */
  headings: Record<Section, string>;
  /** The alternative layout: grouped by criterion. */
  grouped: boolean;
  locale: string;
  emptyText: string;
}

export function commentsContent(input: CommentsPdfInput): Content[] {
  return SECTIONS.flatMap((section): Content[] => {
    const comments = input.sections[section];
    const heading: Content = {
      text: `${input.headings[section]} (${comments.length})`,
      fontSize: 14,
      bold: true,
      margin: [0, 12, 0, 6],
    };
    if (comments.length === 0) return [heading, { text: input.emptyText, italics: true }];
    if (!input.grouped) {
      return [
        heading,
        {
          ul: comments.map((comment) => ({
            text: [comment.text, { text: ` (${comment.criterion.name})`, color: '#666666' }],
            margin: [0, 0, 0, 3],
          })),
        },
      ];
    }
    return [
      heading,
      ...groupByCriterion(comments, input.locale).flatMap((group): Content[] => [
        {
          text: `${group.criterion.name} (${group.comments.length})`,
          bold: true,
          margin: [0, 6, 0, 3],
        },
        { ul: group.comments.map((comment) => ({ text: comment.text, margin: [0, 0, 0, 2] })) },
      ]),
    ];
  });
}

export async function exportCommentsPdf(
  document: { title: string; subtitle: string; language: string },
  input: CommentsPdfInput,
): Promise<void> {
  const fileName = `${document.title.replace(/[\\/:*?"<>|]+/g, '-')}.pdf`;
  await downloadReportPdf({ ...document, content: commentsContent(input) }, fileName);
}
