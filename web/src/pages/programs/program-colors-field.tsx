import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useStoredItem, writeItem } from '../../app/session-store';
import { storageKeys } from '../../app/storage-keys';
import { hexToRgb, parseRecentColors, presetColors, rgbToHex, withRecentColor } from './program-colors-config';
import { programColorMessages } from '../../../../shared/messages/program-pages';

export interface ProgramColorsFieldProps {
  /** The program colours; the first is the primary colour. */
  value: string[];
  onChange: (colors: string[]) => void;
  errorText?: string;
  label?: string;
}

const slotLabels = ['Couleur principale', 'Couleur 2', 'Couleur 3'];

function Swatch({ color, selected, label, size = 24, onClick }: { color: string; selected?: boolean; label: string; size?: number; onClick: () => void }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={selected}
      onClick={onClick}
      style={{
        width: size,
        height: size,
        padding: 0,
        borderRadius: 6,
        cursor: 'pointer',
        background: color,
        border: selected ? '3px solid #0972d3' : '1px solid #8c8c94',
        boxShadow: selected ? '0 0 0 2px #fff inset' : undefined,
      }}
    />
  );
}

/**
 * The colours editor of programs (part 3 §3 colours; part 2 §9 palette): pick one of the program's
 * colours, then a preset, a recent or a custom colour to replace it.
 */
export function ProgramColorsField({ value, onChange, errorText, label = 'Couleurs' }: ProgramColorsFieldProps) {
  const [active, setActive] = useState(0);
  const recent = parseRecentColors(useStoredItem(storageKeys.recentColors));

  const apply = (color: string) => onChange(value.map((current, index) => (index === active ? color : current)));
  // The native picker fires while the user drags: the colour is kept as recent once they leave it.
  const rememberCustom = () => {
    const color = value[active];
    if (color && !(presetColors as readonly string[]).includes(color)) writeItem(storageKeys.recentColors, JSON.stringify(withRecentColor(recent, color)));
  };

  return (
    <FormField label={label} errorText={errorText} description={programColorMessages.help}>
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="m">
          {value.map((color, index) => (
            <SpaceBetween key={index} size="xxs" alignItems="center">
              <Swatch
                color={color}
                size={40}
                selected={index === active}
                label={`${slotLabels[index] ?? `Couleur ${index + 1}`} : ${color}`}
                onClick={() => setActive(index)}
              />
              <Box fontSize="body-s" color="text-body-secondary">
                {slotLabels[index] ?? `Couleur ${index + 1}`}
              </Box>
            </SpaceBetween>
          ))}
        </SpaceBetween>
        <div role="group" aria-label="Palette" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, maxWidth: 420 }}>
          {presetColors.map((color) => (
            <Swatch key={color} color={color} selected={value[active] === color} label={color} onClick={() => apply(color)} />
          ))}
        </div>
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Box fontSize="body-s" color="text-body-secondary">
            {programColorMessages.custom}
          </Box>
          <input
            type="color"
            aria-label={programColorMessages.custom}
            value={rgbToHex(value[active] ?? 'rgb(0, 0, 0)')}
            onChange={(event) => apply(hexToRgb(event.target.value))}
            onBlur={rememberCustom}
            style={{ width: 40, height: 28, padding: 0, border: '1px solid #8c8c94', borderRadius: 6, background: 'none' }}
          />
          {recent.length > 0 && (
            <>
              <Box fontSize="body-s" color="text-body-secondary">
                {programColorMessages.recent}
              </Box>
              {recent.map((color) => (
                <Swatch key={color} color={color} label={programColorMessages.recentColor(color)} onClick={() => apply(color)} />
              ))}
            </>
          )}
        </SpaceBetween>
      </SpaceBetween>
    </FormField>
  );
}
