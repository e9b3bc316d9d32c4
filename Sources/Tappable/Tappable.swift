// The umbrella module: `import Tappable` brings every stage of the pipeline (text, markup,
// detection, shaping, layout, interaction, rendering), SPEC files and their JSON, snapshots
// (PNG, pixelmatch, strategies, the store) and `tappable check`'s engine. It links no test
// framework; tests import `TappableSnapshotTesting`, which re-exports this module.
@_exported import TappableCheck
@_exported import TappableDetection
@_exported import TappableInteraction
@_exported import TappableJSON
@_exported import TappableLabelSnapshot
@_exported import TappableLayout
@_exported import TappableMarkup
@_exported import TappableRendering
@_exported import TappableShaping
@_exported import TappableSnapshot
@_exported import TappableSpec
@_exported import TappableText
