// Package billing turns completed treatments into institutional claims,
// submits them through the clearinghouse and posts the payers' remittances.
package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/store"
	"github.com/renalnet/dialysis-ops/internal/webhookreceipt"
)

// Clearinghouse is the claim submission half of the clearinghouse client.
type Clearinghouse interface {
	SubmitClaim(ctx context.Context, claim clearinghouse.Claim, opts ...clearinghouse.CallOption) (clearinghouse.SubmitResult, error)
}

// SubmissionQueue hands submissions to the claims:submit worker.
type SubmissionQueue interface {
	EnqueueClaimSubmission(ctx context.Context, submissionID uuid.UUID) error
}

// ChargeMaster holds the facility's standard charges.
type ChargeMaster struct {
	TreatmentCents int64
	ESACents       int64
}

type Service struct {
	store    *store.Store
	ch       Clearinghouse
	queue    SubmissionQueue
	receipts *webhookreceipt.Receipts
	charges  ChargeMaster
	newID    func() uuid.UUID
	newPCN   func() string
	now      func() time.Time
	log      *slog.Logger
}

type Deps struct {
	Store         *store.Store
	Clearinghouse Clearinghouse
	Queue         SubmissionQueue
	Receipts      *webhookreceipt.Receipts
	Charges       ChargeMaster
	NewID         func() uuid.UUID
	NewPCN        func() string
	Now           func() time.Time
	Log           *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		store:    d.Store,
		ch:       d.Clearinghouse,
		queue:    d.Queue,
		receipts: d.Receipts,
		charges:  d.Charges,
		newID:    d.NewID,
		newPCN:   d.NewPCN,
		now:      d.Now,
		log:      d.Log,
	}
}
