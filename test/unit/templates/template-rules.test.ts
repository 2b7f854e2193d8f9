import { amoAvailabilityLine, customMailFor, defaultCustomMail, defaultTemplates, defaultVirtualVisitText } from '../../../shared/messages/default-templates';
import { templateTextFields } from '../../../shared/domain/message-template';
import { smsCount } from '../../../shared/rules/sms-segments';
import { applyTemplate, templateStepError } from '../../../shared/rules/template-rules';

describe('template wizard (part 1 §5): each step needs a body with only the allowed tags', () => {
  it('an empty body, then a wrong tag, are refused with the specification message', () => {
    expect(templateStepError('  ')).toBe('Ce champ est à remplir !');
    expect(templateStepError('Bonjour <PRENOM>')).toBe('Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles');
    expect(templateStepError('Bonjour <NOM>, lot <LOTCOMM> : <LIEN_RDV>')).toBeNull();
  });

  it('the default French set passes every step and applies to a planning with a full contact', () => {
    for (const template of defaultTemplates) {
      for (const field of templateTextFields) expect(templateStepError(template[field])).toBeNull();
      expect(applyTemplate(template, {}).ok).toBe(true);
    }
  });
});

describe('part 1 §9 the Livrea default set carries the custom mail, the virtual-visit promotion and the AMO line', () => {
  it('every default template has the custom-mail body and the three virtual-visit paragraphs, ending with « Votre AMO se tient à votre disposition »', () => {
    for (const template of defaultTemplates) {
      expect(template.customMail).toBe(defaultCustomMail);
      expect(template.virtualVisit).toEqual(defaultVirtualVisitText);
      expect(template.customMail).toContain(amoAvailabilityLine);
      expect(template.virtualVisit?.thirdParagraph).toBe(amoAvailabilityLine);
      for (const paragraph of Object.values(template.virtualVisit ?? {})) expect(templateStepError(paragraph)).toBeNull();
      expect(templateStepError(template.customMail ?? '')).toBeNull();
    }
    expect(amoAvailabilityLine).toBe('Votre AMO se tient à votre disposition.');
  });

  it('applying a default template gives the planning form its virtual-visit text too', () => {
    const result = applyTemplate(defaultTemplates[0], {});
    expect(result).toEqual(expect.objectContaining({ ok: true, virtualVisit: defaultVirtualVisitText, customMail: defaultCustomMail }));
  });

  it('the custom mail offered drops <SIGNATURE> when the planning has no signature to fill it', () => {
    expect(customMailFor('Anne Martin, Lac Promotion')).toBe(defaultCustomMail);
    expect(customMailFor(undefined)).not.toContain('<SIGNATURE>');
    expect(customMailFor('  ')).toContain(amoAvailabilityLine);
  });
});

describe('template application (part 2 §5)', () => {
  const template = {
    name: 'T',
    mailInvitation: 'Bonjour <NOM>, écrivez à <CONTACT_MAIL>',
    smsInvitation: 'sms',
    mailConfirmation: 'c',
    mailRelance: 'r',
    smsRelance: 'sr',
    mailRappel: 'ra',
    smsRappel: 'sra',
  };

  it("no template picked: 'Veuillez d'abord sélectionner un template...'", () => {
    expect(applyTemplate(null, {})).toEqual({ ok: false, message: "Veuillez d'abord sélectionner un template..." });
  });

  it('a contact tag whose planning field is empty is named', () => {
    expect(applyTemplate(template, { contactNom: 'Martin' })).toEqual({ ok: false, message: 'Balise(s) CONTACT_MAIL non disponible(s) sur ce planning.' });
  });

  it('each of the seven texts fills its planning message; the SMS confirmation is left as it is', () => {
    const result = applyTemplate(template, { contactMail: 'a@b.fr' });
    expect(result).toEqual({
      ok: true,
      messages: {
        mailinvitationmessage: template.mailInvitation,
        smsinvitationmessage: 'sms',
        mailconfirmationmessage: 'c',
        mailrelancemessage: 'r',
        smsrelancemessage: 'sr',
        mailrappelmessage: 'ra',
        smsrappelmessage: 'sra',
      },
    });
  });
});

describe('SMS count in the wizard preview (GSM-7 or UCS-2 segments)', () => {
  it('GSM-7: 160 characters in one SMS, then 153 per part', () => {
    expect(smsCount('Bonjour')).toEqual({ encoding: 'GSM-7', characters: 7, segments: 1 });
    expect(smsCount('a'.repeat(160)).segments).toBe(1);
    expect(smsCount('a'.repeat(161)).segments).toBe(2);
    expect(smsCount('a'.repeat(306)).segments).toBe(2);
    expect(smsCount('a'.repeat(307)).segments).toBe(3);
  });

  it('GSM-7 extended characters take two places (80 € fill one SMS, 81 need two)', () => {
    expect(smsCount('€'.repeat(80))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsCount('€'.repeat(81)).segments).toBe(2);
  });

  it('one character outside GSM-7 (ê) makes it UCS-2: 70 in one SMS, then 67 per part', () => {
    expect(smsCount('ê'.repeat(70))).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(smsCount('ê'.repeat(71)).segments).toBe(2);
    expect(smsCount('ê'.repeat(135)).segments).toBe(3);
    expect(smsCount('').segments).toBe(0);
  });
});
