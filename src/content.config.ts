/** Content collections: the lessons are Markdown files whose frontmatter `lessonFrontmatterSchema` checks at build. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { lessonFrontmatterSchema } from '@/lib/lessons/schemas';

const lessons = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/lessons' }),
  schema: lessonFrontmatterSchema,
});

export const collections = { lessons };
