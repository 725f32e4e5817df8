import { Button, ColorPicker, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useChangeTagColor } from '../api';

/** Colours offered first; any other can be picked. */
const SWATCHES = ['808080', 'e03131', 'f08c00', '2f9e44', '1971c2', '6741d9', 'c2255c', '0c8599'];

interface TagColorPickerProps {
  tagId: number;
  /** Six hex digits, without the hash sign, as tags keep it. */
  color: string;
  onDone: () => void;
  onError: (error: unknown) => void;
}

/** Picks a tag's colour and saves it (change_tag_color); loaded with the first picker opened. */
export default function TagColorPicker({ tagId, color, onDone, onError }: TagColorPickerProps) {
  const change = useChangeTagColor();
  const [picked, setPicked] = useState(`#${color}`);
  return (
    <Stack gap="xs">
      <ColorPicker format="hex" value={picked} onChange={setPicked} swatches={SWATCHES.map((s) => `#${s}`)} />
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="xs"
          loading={change.isPending}
          onClick={() => change.mutate({ target_tag_id: tagId, target_color: picked.replace('#', '') }, { onSuccess: onDone, onError })}
        >
          Save colour
        </Button>
      </Group>
    </Stack>
  );
}
