// Making a template from a project (POST /project/templates) and publishing it (PATCH): the request DTOs.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsOptionalValue } from './optional-value.js';
import { templateFieldKinds, type TemplateFieldKind } from '#folio/content';
import {
  type FieldMark,
  type PinnedMark,
  type SectionTypeMark,
  templateLimits as limits,
} from '#folio/templates';

const maxMarks = 100;
const name = { message: `expected a name of 1 to ${limits.idLength} characters` };
const bindingTargets = ['text', 'src', 'alt', 'href', 'visible'] as const;

export class FieldMarkDto implements FieldMark {
  @ApiProperty({ description: 'Field name in bodies; style fields start with "--".', example: 'headline' })
  @IsString(name)
  @Length(1, limits.idLength, name)
  name!: string;

  @ApiProperty({ enum: templateFieldKinds, example: 'text' })
  @IsIn(templateFieldKinds, { message: `expected one of ${templateFieldKinds.join(', ')}` })
  kind!: TemplateFieldKind;

  @ApiPropertyOptional({ default: false })
  @IsOptionalValue()
  @IsBoolean({ message: 'expected true or false' })
  required?: boolean;

  @ApiPropertyOptional({ example: 'Main headline, under ten words.' })
  @IsOptionalValue()
  @IsString()
  @MaxLength(limits.descriptionLength)
  description?: string;

  @ApiPropertyOptional({
    description: 'The bound element of the section (not for style fields).',
    example: 'hT3xk9QmZ2a',
  })
  @IsOptionalValue()
  @IsString()
  @MaxLength(limits.idLength)
  elementKey?: string;

  @ApiPropertyOptional({ enum: bindingTargets, description: 'The element property the value goes to.' })
  @IsOptionalValue()
  @IsIn(bindingTargets, { message: `expected one of ${bindingTargets.join(', ')}` })
  target?: (typeof bindingTargets)[number];

  @ApiPropertyOptional({
    description: 'Style fields: the custom property, equal to the name.',
    example: '--accent',
  })
  @IsOptionalValue()
  @IsString()
  @MaxLength(limits.idLength)
  property?: string;
}

/** A marked section of the project: the prototype, its title and description, its fields. */
class MarkedSectionDto {
  @ApiProperty({ description: 'The project section that becomes the prototype.', example: 'sK4nP8wQ2rTz' })
  @IsString()
  @Length(1, limits.idLength)
  sectionKey!: string;

  @ApiPropertyOptional({ description: "Defaults to the section's title." })
  @IsOptionalValue()
  @IsString()
  @Length(1, limits.titleLength)
  title?: string;

  @ApiPropertyOptional()
  @IsOptionalValue()
  @IsString()
  @MaxLength(limits.descriptionLength)
  description?: string;

  @ApiProperty({ type: [FieldMarkDto] })
  @IsArray()
  @ArrayMaxSize(maxMarks)
  @ValidateNested({ each: true })
  @Type(() => FieldMarkDto)
  fields!: FieldMarkDto[];
}

export class SectionTypeMarkDto extends MarkedSectionDto implements SectionTypeMark {
  @ApiProperty({ description: 'The `_type` callers will use.', example: 'hero' })
  @IsString(name)
  @Length(1, limits.idLength, name)
  type!: string;
}

export class PinnedMarkDto extends MarkedSectionDto implements PinnedMark {
  @ApiProperty({ description: 'The pinned id callers use.', example: 'announcement' })
  @IsString(name)
  @Length(1, limits.idLength, name)
  id!: string;

  @ApiProperty({ enum: ['top', 'bottom'] })
  @IsIn(['top', 'bottom'], { message: 'expected top or bottom' })
  placement!: 'top' | 'bottom';
}

export class NewTemplateDto {
  @ApiProperty({ description: 'The project whose sections become the prototypes.', example: 'pR7sT2uV9wXy' })
  @IsString()
  @Length(1, limits.idLength)
  projectKey!: string;

  @ApiProperty({ example: 'Coffee shop' })
  @IsString()
  @Length(1, limits.titleLength)
  title!: string;

  @ApiPropertyOptional()
  @IsOptionalValue()
  @IsString()
  @MaxLength(limits.descriptionLength)
  description?: string;

  @ApiPropertyOptional({ default: true, description: 'Only published templates can be used.' })
  @IsOptionalValue()
  @IsBoolean({ message: 'expected true or false' })
  published?: boolean;

  @ApiProperty({ type: [SectionTypeMarkDto] })
  @IsArray()
  @ArrayMaxSize(maxMarks)
  @ValidateNested({ each: true })
  @Type(() => SectionTypeMarkDto)
  sectionTypes!: SectionTypeMarkDto[];

  @ApiPropertyOptional({ type: [PinnedMarkDto] })
  @IsOptionalValue()
  @IsArray()
  @ArrayMaxSize(maxMarks)
  @ValidateNested({ each: true })
  @Type(() => PinnedMarkDto)
  pinned?: PinnedMarkDto[];
}

export class TemplatePublicationDto {
  @ApiProperty({ description: 'Whether the template can be used.' })
  @IsBoolean({ message: 'expected true or false' })
  published!: boolean;
}
