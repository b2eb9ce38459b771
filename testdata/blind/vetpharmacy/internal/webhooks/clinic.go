package webhooks

import (
	"context"
	"time"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/store"
)

// ClinicPrescriptionEvent is pushed by a clinic's PMS when a vet writes or
// amends a repeat prescription for one of our linked owners.
type ClinicPrescriptionEvent struct {
	EventID     string `json:"event_id" binding:"required"`
	ExternalRef string `json:"prescription_ref" binding:"required"`
	OwnerID     string `json:"owner_id" binding:"required"`
	PetID       string `json:"pet_id" binding:"required"`
	ProductID   string `json:"product_id" binding:"required"`
	Prescriber  string `json:"prescriber" binding:"required"`
	Dosage      string `json:"dosage"`
	Quantity    int32  `json:"quantity" binding:"required,min=1"`
	Repeats     int32  `json:"repeats" binding:"min=0"`
	ValidUntil  string `json:"valid_until" binding:"required"`
}

type PrescriptionStore interface {
	Upsert(ctx context.Context, p db.UpsertPrescriptionParams) (string, error)
	ClaimInboundEvent(ctx context.Context, source, eventID string) (bool, error)
	ClinicSecret(ctx context.Context, clinicID string) (string, error)
}

type ClinicFeed struct {
	tx store.Transactor
	rx PrescriptionStore
}

func NewClinicFeed(tx store.Transactor, rx PrescriptionStore) *ClinicFeed {
	return &ClinicFeed{tx: tx, rx: rx}
}

func (f *ClinicFeed) Secret(ctx context.Context, clinicID string) (string, error) {
	return f.rx.ClinicSecret(ctx, clinicID)
}

// Apply stores the prescription. The event claim and the upsert commit
// together, so a redelivered event is a no-op.
func (f *ClinicFeed) Apply(ctx context.Context, clinicID string, ev ClinicPrescriptionEvent) error {
	until, err := time.Parse("2006-01-02", ev.ValidUntil)
	if err != nil {
		return apperr.Invalid("bad_valid_until", "valid_until must be YYYY-MM-DD")
	}
	return f.tx.InTx(ctx, func(ctx context.Context) error {
		first, err := f.rx.ClaimInboundEvent(ctx, "clinic:"+clinicID, ev.EventID)
		if err != nil || !first {
			return err
		}
		_, err = f.rx.Upsert(ctx, db.UpsertPrescriptionParams{
			ID:               ids.New(ids.Prescription),
			ClinicID:         clinicID,
			ExternalRef:      ev.ExternalRef,
			PetID:            ev.PetID,
			OwnerID:          ev.OwnerID,
			ProductID:        ev.ProductID,
			Prescriber:       ev.Prescriber,
			Dosage:           ev.Dosage,
			Quantity:         ev.Quantity,
			RefillsRemaining: ev.Repeats,
			ExpiresOn:        until,
		})
		return err
	})
}
