package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Deliverables is the deliverable repository.
type Deliverables struct {
	platform.Repo[domain.Deliverable]
	Incidents platform.Repo[domain.SecurityIncident]
}

// NewDeliverables builds the deliverable repositories.
func NewDeliverables(db *gorm.DB) *Deliverables {
	return &Deliverables{
		Repo:      platform.NewRepo[domain.Deliverable](db),
		Incidents: platform.NewRepo[domain.SecurityIncident](db),
	}
}

// NextVersion returns the version number for the next upload on a job.
func (r *Deliverables) NextVersion(ctx context.Context, jobID string) (int, error) {
	var max *int
	err := r.DB(ctx).Model(&domain.Deliverable{}).Where("job_id = ?", jobID).
		Select("MAX(version)").Scan(&max).Error
	if err != nil {
		return 0, err
	}
	if max == nil {
		return 1, nil
	}
	return *max + 1, nil
}

// Latest returns the newest deliverable of a job.
func (r *Deliverables) Latest(ctx context.Context, jobID string) (*domain.Deliverable, error) {
	var d domain.Deliverable
	err := r.DB(ctx).Where("job_id = ?", jobID).Order("version DESC").First(&d).Error
	if err != nil {
		return nil, platform.NotFound(err)
	}
	return &d, nil
}

// ByScan loads the deliverable a scan belongs to.
func (r *Deliverables) ByScan(ctx context.Context, scanID string) (*domain.Deliverable, error) {
	return r.FindOne(ctx, "scan_id = ?", scanID)
}

// Invoices is the invoice repository.
type Invoices struct {
	platform.Repo[domain.Invoice]
}

// NewInvoices builds the invoice repository.
func NewInvoices(db *gorm.DB) *Invoices {
	return &Invoices{Repo: platform.NewRepo[domain.Invoice](db)}
}

// NextNumber allocates the next invoice number for year inside the caller's
// transaction.
func (r *Invoices) NextNumber(ctx context.Context, year int) (string, error) {
	seq := domain.InvoiceSequence{Year: year, NextValue: 2}
	db := r.DB(ctx)
	err := db.Clauses(
		clause.OnConflict{
			Columns:   []clause.Column{{Name: "year"}},
			DoUpdates: clause.Assignments(map[string]any{"next_value": gorm.Expr("invoice_sequences.next_value + 1")}),
		},
		clause.Returning{Columns: []clause.Column{{Name: "next_value"}}},
	).Create(&seq).Error
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("PGD-%d-%06d", year, seq.NextValue-1), nil
}

// Events is the inbound-webhook ledger.
type Events struct {
	db *gorm.DB
}

// NewEvents builds the event ledger.
func NewEvents(db *gorm.DB) *Events { return &Events{db: db} }

// Record inserts the event inside the caller's transaction and reports
// whether it was new.
func (e *Events) Record(ctx context.Context, provider, eventID, typ string) (bool, error) {
	ev := domain.WebhookEvent{Provider: provider, EventID: eventID, Type: typ, ReceivedAt: time.Now().UTC()}
	res := platform.Conn(ctx, e.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&ev)
	return res.RowsAffected == 1, res.Error
}

// Seen reports whether the event has been processed.
func (e *Events) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int64
	err := e.db.WithContext(ctx).Model(&domain.WebhookEvent{}).
		Where("provider = ? AND event_id = ?", provider, eventID).Count(&n).Error
	return n > 0, err
}

// Mark records the event as processed.
func (e *Events) Mark(ctx context.Context, provider, eventID, typ string) error {
	ev := domain.WebhookEvent{Provider: provider, EventID: eventID, Type: typ, ReceivedAt: time.Now().UTC()}
	return e.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&ev).Error
}
