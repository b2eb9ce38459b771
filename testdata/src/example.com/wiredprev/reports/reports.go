// Package reports takes a carrier's reports of damaged and lost
// shipments.
package reports

import (
	"context"
	"net/http"
)

// Reports are the carrier's reports, handled through the service main
// wires.
type Reports struct{ Shipments Shipments }

// Shipments replaces the shipments a carrier reports.
type Shipments interface {
	ReportDamage(ctx context.Context, tracking string) error
	ReportLoss(ctx context.Context, tracking string) error
}

// Damage reports a damaged shipment.
func (h *Reports) Damage(w http.ResponseWriter, r *http.Request) {
	h.Shipments.ReportDamage(r.Context(), r.FormValue("tracking"))
}

// Loss reports a lost shipment.
func (h *Reports) Loss(w http.ResponseWriter, r *http.Request) {
	h.Shipments.ReportLoss(r.Context(), r.FormValue("tracking"))
}
