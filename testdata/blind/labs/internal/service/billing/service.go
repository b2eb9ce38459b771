// Package billing turns resulted orders into insurance claims and patient
// balances, and collects self-pay payments.
package billing

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"time"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/providers/clearinghouse"
	"github.com/meridianlabs/labs/internal/providers/payments"
	"github.com/meridianlabs/labs/internal/store"
)

// Charger creates card charges.
type Charger interface {
	CreateCharge(ctx context.Context, p payments.ChargeParams, opts ...payments.RequestOption) (*payments.Charge, error)
}

// ClaimSubmitter submits claims to the clearinghouse.
type ClaimSubmitter interface {
	SubmitClaim(ctx context.Context, c clearinghouse.Claim, opts ...clearinghouse.SubmitOption) (*clearinghouse.Acknowledgement, error)
}

// Errors surfaced to the API.
var (
	ErrAmountMismatch   = errors.New("idempotency key reused with a different amount")
	ErrChargeDeclined   = errors.New("charge declined")
	ErrAdjustmentTooBig = errors.New("adjustment exceeds invoice balance")
	ErrClaimNotEditable = errors.New("claim cannot be resubmitted in its current status")
)

// Lab identifies the billing provider on claims.
type Lab struct {
	NPI   string
	TaxID string
}

// Service is the billing service.
type Service struct {
	db            *sql.DB
	billing       *store.Billing
	orders        *store.Orders
	patients      *store.Patients
	accounts      *Accounts
	queue         *jobs.Queue
	charger       Charger
	clearinghouse ClaimSubmitter
	lab           Lab
	newID         ids.Generator
	now           func() time.Time
	log           *slog.Logger
}

// Deps are the collaborators of the Service.
type Deps struct {
	DB            *sql.DB
	Queue         *jobs.Queue
	Charger       Charger
	Clearinghouse ClaimSubmitter
	Lab           Lab
	Logger        *slog.Logger
}

// New builds the service.
func New(d Deps) *Service {
	return &Service{
		db:            d.DB,
		billing:       store.NewBilling(d.DB),
		orders:        store.NewOrders(d.DB),
		patients:      store.NewPatients(d.DB),
		accounts:      NewAccounts(d.DB),
		queue:         d.Queue,
		charger:       d.Charger,
		clearinghouse: d.Clearinghouse,
		lab:           d.Lab,
		newID:         ids.ULIDs,
		now:           time.Now,
		log:           d.Logger,
	}
}
