package api

import (
	"errors"
	"net/http"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/service/logistics"
)

func (h *Handler) requestPickup(w http.ResponseWriter, r *http.Request) error {
	key := r.Header.Get(httpx.IdempotencyKeyHeader)
	if key == "" {
		return httpx.BadRequest("missing_idempotency_key", "Idempotency-Key header is required")
	}
	in, err := httpx.Decode[logistics.PickupInput](r)
	if err != nil {
		return err
	}
	p, created, err := h.svc.Logistics.RequestPickup(r.Context(), httpx.PartnerFrom(r.Context()), key, in)
	if errors.Is(err, logistics.ErrInvalidWindow) {
		return httpx.BadRequest("invalid_window", err.Error())
	}
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusAccepted
	}
	httpx.WriteJSON(w, status, map[string]any{
		"id":           p.ID,
		"status":       p.Status,
		"site_id":      p.SiteID,
		"window_start": p.WindowStart,
		"window_end":   p.WindowEnd,
		"tracking_url": p.TrackingURL,
	})
	return nil
}
