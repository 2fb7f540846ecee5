package shipments

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/shared/docpdf"
)

// GetShipmentPdf answers the shipment's packing slip as PDF, or 304 when the client's copy is
// current.
func (h *ShipmentsHandler) GetShipmentPdf(ctx context.Context, req gen.GetShipmentPdfRequestObject) (gen.GetShipmentPdfResponseObject, error) {
	p := auth.From(ctx)
	printed, err := h.svc.PDF(ctx, p.TenantID, p.TenantTimezone, req.ShipmentId, req.Params.IfNoneMatch)
	if err != nil {
		return nil, err
	}
	ok, notModified := docpdf.Responses(printed)
	if printed.NotModified {
		return gen.GetShipmentPdf304Response(notModified), nil
	}
	return gen.GetShipmentPdf200ApplicationpdfResponse{DocumentPdfApplicationpdfResponse: ok}, nil
}
