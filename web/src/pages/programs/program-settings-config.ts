import { z } from 'zod';
import { messages } from '../../../../shared/messages/common';
import { programSettingsSchema, type Program } from '../../../../shared/domain/program';
import { programSettingsMessages } from '../../../../shared/messages/program-pages';

/** 'Veuillez verifier les informations renseignées': a settings failure without a server text (part 3 §8). */
export const settingsFailed = programSettingsMessages.failed;

export const settingsWarnings = {
  address: programSettingsMessages.addressMissing,
  mailrespclient: programSettingsMessages.mailMissing,
} as const;

export type SettingsField = 'name' | 'promoterUrl' | 'mailrespclient' | 'adressenumero' | 'adresserue' | 'adressecodepostal' | 'adresseville' | 'adressepays';

export type SettingsValues = Record<SettingsField, string>;

export function settingsValuesOf(program: Program): SettingsValues {
  return {
    name: program.name,
    promoterUrl: program.promoterUrl ?? '',
    mailrespclient: program.mailrespclient ?? '',
    adressenumero: program.adressenumero ?? '',
    adresserue: program.adresserue ?? '',
    adressecodepostal: program.adressecodepostal ?? '',
    adresseville: program.adresseville ?? '',
    adressepays: program.adressepays ?? '',
  };
}

/**
 * The settings form (part 3 §5): name, colours and address required, web address and e-mail
 * checked here; the street number's format is checked by the server.
 */
export const settingsFormSchema = programSettingsSchema.extend({
  name: z.string().trim().min(1, messages.required).max(120),
  adressenumero: z.string().trim().min(1, messages.required).max(20),
  adresserue: z.string().trim().min(1, messages.required).max(200),
  adressecodepostal: z.string().trim().min(1, messages.required).max(20),
  adresseville: z.string().trim().min(1, messages.required).max(120),
  colors: z.array(z.string()).min(1, messages.required),
});
