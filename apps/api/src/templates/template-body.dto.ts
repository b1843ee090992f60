// The create-from-template body as class-validator DTOs: its own properties are checked here, sections and
// pinned values against the template afterwards (checkTemplateBody), so every problem carries a JSON path.
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { pagePathMessage, pagePathPattern } from '#folio/projects';
import {
  pageStatuses,
  templateLimits as limits,
  type TemplatePageInput,
  type TemplatePinnedInput,
  type TemplateProjectInput,
  type TemplateSectionInput,
} from '#folio/templates';
import { IsOptionalValue } from './optional-value.js';

const text = (max: number) => ({ message: `expected text of at most ${max} characters` });
const id = { message: `expected an id of 1 to ${limits.idLength} characters` };

/** An object, or an array of objects: the two forms of the project-level `pinned`. */
function IsPinnedValues() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isPinnedValues',
      target: target.constructor,
      propertyName,
      options: { message: 'expected an object keyed by pinned id, or an array of { id, …fields }' },
      validator: {
        validate: (value: unknown) => {
          const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
          return Array.isArray(value) ? value.every(isObject) : isObject(value);
        },
      },
    });
}

/** What the project and each page have alike: your own id, a title, a description. */
class TitledInputDto {
  @ApiPropertyOptional({
    description: 'Your own id: send it again to update what it names.',
    example: 'home',
  })
  @IsOptionalValue()
  @IsString(id)
  @Length(1, limits.idLength, id)
  id?: string;

  @ApiPropertyOptional({ example: 'Home', maxLength: limits.titleLength })
  @IsOptionalValue()
  @IsString(text(limits.titleLength))
  @Length(1, limits.titleLength, text(limits.titleLength))
  title?: string;

  @ApiPropertyOptional({ maxLength: limits.descriptionLength })
  @IsOptionalValue()
  @IsString(text(limits.descriptionLength))
  @MaxLength(limits.descriptionLength, text(limits.descriptionLength))
  description?: string;
}

export class TemplatePageDto extends TitledInputDto implements TemplatePageInput {
  @ApiPropertyOptional({
    description: 'Path below the site root ("" or "/" for the home page); made from the title when absent.',
    example: 'pricing',
    pattern: pagePathPattern,
  })
  @IsOptionalValue()
  @IsString({ message: 'expected a path such as "about" or "docs/setup"' })
  @MaxLength(limits.pathLength, text(limits.pathLength))
  @Matches(new RegExp(pagePathPattern), { message: pagePathMessage })
  path?: string;

  @ApiPropertyOptional({
    description: '0 done, 1 in progress, 2 on hold, 3 needs review.',
    enum: pageStatuses,
  })
  @IsOptionalValue()
  @IsInt({ message: `expected one of ${pageStatuses.join(', ')}` })
  @IsIn(pageStatuses, { message: `expected one of ${pageStatuses.join(', ')}` })
  status?: number;

  @ApiPropertyOptional({
    description: "The page's sections, in order: `{ _type, id?, …fields }` per the template's schema.",
    type: 'array',
    items: { type: 'object' },
    example: [{ _type: 'hero', id: 'hero', title: 'Fresh coffee, roasted weekly' }],
  })
  @IsOptionalValue()
  @IsArray({ message: 'expected an array of sections' })
  @ArrayMaxSize(limits.sections, { message: `at most ${limits.sections} sections per call` })
  data?: TemplateSectionInput[];

  @ApiPropertyOptional({
    description: 'Ids of the pinned items shown on this page.',
    example: ['announcement'],
  })
  @IsOptionalValue()
  @IsArray({ message: 'expected an array of pinned ids' })
  @IsString({ each: true, ...id })
  @Length(1, limits.idLength, { each: true, ...id })
  pinned?: string[];
}

export class TemplateProjectDto extends TitledInputDto implements TemplateProjectInput {
  @ApiPropertyOptional({ example: ['coffee', 'shop'], maxItems: limits.tags })
  @IsOptionalValue()
  @IsArray({ message: 'expected an array of tags' })
  @ArrayMaxSize(limits.tags, { message: `at most ${limits.tags} tags` })
  @IsString({ each: true, ...text(limits.tagLength) })
  @Length(1, limits.tagLength, { each: true, ...text(limits.tagLength) })
  tags?: string[];

  @ApiPropertyOptional({
    description: 'Workspace for a new project; the query parameter wins when both are sent.',
  })
  @IsOptionalValue()
  @IsString(id)
  @Length(1, limits.idLength, id)
  workspaceKey?: string;

  @ApiPropertyOptional({ type: [TemplatePageDto], maxItems: limits.pages })
  @IsOptionalValue()
  @IsArray({ message: 'expected an array of pages' })
  @ArrayMaxSize(limits.pages, { message: `at most ${limits.pages} pages per call` })
  @IsObject({ each: true, message: 'expected a page object' })
  @ValidateNested({ each: true })
  @Type(() => TemplatePageDto)
  pages?: TemplatePageDto[];

  @ApiPropertyOptional({
    description: 'Pinned values keyed by pinned id (or an array of `{ id, …fields }`).',
    oneOf: [
      { type: 'object', additionalProperties: { type: 'object' } },
      { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
    ],
    example: { announcement: { message: 'Free shipping this week' } },
  })
  @IsOptionalValue()
  @IsPinnedValues()
  pinned?: TemplatePinnedInput;
}
