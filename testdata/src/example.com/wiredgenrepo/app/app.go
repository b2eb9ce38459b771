// Package app records gate scans through a store interface that main
// fills with an instance of a generic table.
package app

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/genrepo"
)

// Scans stores scans.
type Scans interface {
	Insert(ctx context.Context, v *genrepo.Scan) error
}

// Handler records scans.
type Handler struct{ Scans Scans }

// Scan records a scan under an ID made on every attempt.
func (h *Handler) Scan(w http.ResponseWriter, r *http.Request) {
	h.Scans.Insert(r.Context(), &genrepo.Scan{ID: uuid.NewString()}) // want `a retry creates a second Scan with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Scan\)`
}

// Report records the scan under the gate's own scan ID.
func (h *Handler) Report(w http.ResponseWriter, r *http.Request) {
	h.Scans.Insert(r.Context(), &genrepo.Scan{ID: r.FormValue("scan_id")})
}

// Receipts stores the gate provider's delivery receipts.
type Receipts interface {
	Record(ctx context.Context, messageID, status string) error
	RecordOnce(ctx context.Context, messageID, status string) error
}

// Gate holds the receipts' store.
type Gate struct{ Receipts Receipts }

// Receipt stores a receipt the provider redelivers until answered.
func (g *Gate) Receipt(w http.ResponseWriter, r *http.Request) {
	g.Receipts.Record(r.Context(), r.FormValue("message_id"), r.FormValue("status"))
}

// ReceiptOnce stores it, skipping one already stored.
func (g *Gate) ReceiptOnce(w http.ResponseWriter, r *http.Request) {
	g.Receipts.RecordOnce(r.Context(), r.FormValue("message_id"), r.FormValue("status"))
}

// Kiosk records the scans of a kiosk, through a store that embeds the
// generic table.
type Kiosk struct{ Scans Scans }

// Enter records an entry under an ID made on every attempt.
func (k *Kiosk) Enter(w http.ResponseWriter, r *http.Request) {
	k.Scans.Insert(r.Context(), &genrepo.Scan{ID: uuid.NewString()}) // want `a retry creates a second Scan with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Kiosk.Enter\)`
}
