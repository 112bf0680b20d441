//! One batch's draw call as a path draws it, shared by the scene pass and the shadow pass:
//! the pulled paths from the batch's storage (through the shared index buffer of the
//! three-face groups), the others instanced over `mesh`. The caller sets the pipeline.

use crate::batch::{Batch, DrawPath, PULL_GROUP};
use crate::mesh::GpuMesh;

/// Records `batch`'s draw by `path` into `pass`, instanced over `mesh` where the path is not
/// pulled; `false` where it draws nothing (no buffer, no path, or a pulled path whose storage
/// was not bound).
pub(crate) fn draw_batch(
    pass: &mut wgpu::RenderPass<'_>,
    batch: &Batch,
    path: DrawPath,
    mesh: &GpuMesh,
    pulled_cube_indices: &wgpu::Buffer,
) -> bool {
    let (Some(buffer), count) = (&batch.buffer, batch.count()) else {
        return false;
    };
    match (path, &batch.storage) {
        (DrawPath::PulledSmallCubes, Some(storage)) => {
            pass.set_bind_group(1, storage, &[]);
            pass.draw(0..count * 3, 0..1);
        }
        (DrawPath::PulledThreeFaceCubes, Some(storage)) => {
            pass.set_bind_group(1, storage, &[]);
            pass.set_index_buffer(pulled_cube_indices.slice(..), wgpu::IndexFormat::Uint16);
            pass.draw_indexed(0..PULL_GROUP * 18, 0, 0..count.div_ceil(PULL_GROUP));
        }
        (DrawPath::Mesh | DrawPath::ThreeFaceCubes | DrawPath::SmallCubes, _) => {
            pass.set_vertex_buffer(0, mesh.vertices.slice(..));
            pass.set_vertex_buffer(1, buffer.slice(..));
            pass.set_index_buffer(mesh.indices.slice(..), wgpu::IndexFormat::Uint16);
            pass.draw_indexed(0..mesh.index_count, 0, 0..count);
        }
        // A pulled batch's storage is bound by `prepare`; without it, nothing to draw.
        (DrawPath::PulledSmallCubes | DrawPath::PulledThreeFaceCubes, None)
        | (DrawPath::None, _) => return false,
    }
    true
}
