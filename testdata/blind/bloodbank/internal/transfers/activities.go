package transfers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/platform/ids"
	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
	"github.com/hemolink-systems/bloodbank/internal/providers/partners"
)

// ErrTypeNotFound marks activity errors that retrying will not fix.
const ErrTypeNotFound = "NotFound"

// PartnerAPI is the partner client used by the activities.
type PartnerAPI interface {
	SubmitDispatchNotice(ctx context.Context, baseURL string, n partners.DispatchNotice, opts ...partners.CallOption) (partners.DispatchAck, error)
	SubmitInvoice(ctx context.Context, baseURL string, inv partners.Invoice, opts ...partners.CallOption) (partners.InvoiceAck, error)
}

// Tariffs maps product kind to the per-unit price in euro cents agreed in
// the partner framework contract.
type Tariffs map[domain.ComponentKind]int64

// Activities holds the dependencies of the transfer activities.
type Activities struct {
	DB       *sqlx.DB
	Repo     Repository
	Stock    inventory.Repository
	Tx       database.TxRunner
	Partners PartnerAPI
	Tariffs  Tariffs
	Now      func() time.Time
}

type ReserveResult struct {
	Units int
}

type SubmitResult struct {
	AckRef string
}

type ShipmentInput struct {
	TransferID    string
	Carrier       string
	PartnerAckRef string
}

type ArrivalInput struct {
	TransferID string
	Arrival    Arrival
}

func (a *Activities) load(ctx context.Context, transferID string) (domain.Transfer, error) {
	id, err := uuid.Parse(transferID)
	if err != nil {
		return domain.Transfer{}, temporal.NewNonRetryableApplicationError("bad transfer id", ErrTypeNotFound, err)
	}
	t, err := a.Repo.Get(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return t, temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeNotFound, err)
	}
	return t, err
}

// ReserveUnits takes the requested units out of available stock.
func (a *Activities) ReserveUnits(ctx context.Context, transferID string) (ReserveResult, error) {
	t, err := a.load(ctx, transferID)
	if err != nil {
		return ReserveResult{}, err
	}
	// Claim the transfer first so a concurrent run of this activity (after a
	// heartbeat timeout) backs off instead of reserving twice.
	claimed, err := a.Repo.AdvanceStatus(ctx, a.DB, t.ID, "requested", "reserved")
	if err != nil {
		return ReserveResult{}, err
	}
	if !claimed {
		activity.GetLogger(ctx).Info("transfer already past reservation", "transfer", t.ID, "status", t.Status)
		return ReserveResult{Units: t.Quantity}, nil
	}

	var units int
	err = a.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		reserved, err := a.Stock.ReserveForTransfer(ctx, tx, t.ID, t.Kind, t.BloodGroup, t.Quantity)
		if err != nil {
			return err
		}
		if len(reserved) < t.Quantity {
			return fmt.Errorf("%d of %d %s %s: %w", len(reserved), t.Quantity, t.BloodGroup, t.Kind, domain.ErrInsufficient)
		}
		units = len(reserved)
		return a.Repo.InsertItems(ctx, tx, t.ID, reserved)
	})
	if err != nil {
		return ReserveResult{}, err
	}
	return ReserveResult{Units: units}, nil
}

// SubmitToPartner sends the dispatch notice with the unit numbers, which
// the partner needs for customs pre-clearance.
func (a *Activities) SubmitToPartner(ctx context.Context, transferID string) (SubmitResult, error) {
	t, err := a.load(ctx, transferID)
	if err != nil {
		return SubmitResult{}, err
	}
	if t.PartnerAckRef != nil {
		return SubmitResult{AckRef: *t.PartnerAckRef}, nil
	}
	partner, err := a.Repo.Partner(ctx, t.PartnerCode)
	if err != nil {
		return SubmitResult{}, err
	}
	units, err := a.Repo.UnitNumbers(ctx, t.ID)
	if err != nil {
		return SubmitResult{}, err
	}

	ack, err := a.Partners.SubmitDispatchNotice(ctx, partner.APIBaseURL, partners.DispatchNotice{
		RequestRef:  t.PartnerRequestRef,
		UnitNumbers: units,
		Kind:        string(t.Kind),
		BloodGroup:  t.BloodGroup,
		ShipBy:      a.Now().Add(6 * time.Hour).UTC(),
	})
	a.logCall(ctx, t, "dispatch-notice", err)
	if err != nil {
		return SubmitResult{}, err
	}

	err = a.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		return a.Repo.SetAckRef(ctx, tx, t.ID, ack.AckRef)
	})
	if err != nil {
		return SubmitResult{}, err
	}
	return SubmitResult{AckRef: ack.AckRef}, nil
}

// RecordShipment books the shipment leg under a new shipment number that
// goes on the box label.
func (a *Activities) RecordShipment(ctx context.Context, in ShipmentInput) error {
	t, err := a.load(ctx, in.TransferID)
	if err != nil {
		return err
	}
	s := Shipment{
		Number:        ids.ShipmentNumber(),
		TransferID:    t.ID,
		Carrier:       in.Carrier,
		PartnerAckRef: in.PartnerAckRef,
		ShippedAt:     a.Now().UTC(),
	}
	return a.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := a.Repo.InsertShipment(ctx, tx, s); err != nil {
			return err
		}
		_, err := a.Repo.AdvanceStatus(ctx, tx, t.ID, "submitted", "shipped")
		return err
	})
}

// ConfirmArrival closes out the units once the partner has them.
func (a *Activities) ConfirmArrival(ctx context.Context, in ArrivalInput) error {
	t, err := a.load(ctx, in.TransferID)
	if err != nil {
		return err
	}
	return a.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		moved, err := a.Repo.AdvanceStatus(ctx, tx, t.ID, "shipped", "arrived")
		if err != nil || !moved {
			return err
		}
		_, err = tx.ExecContext(ctx, `
			UPDATE components SET status = 'transferred', updated_at = now()
			 WHERE transfer_id = $1 AND status = 'in_transit'`, t.ID)
		return err
	})
}

// SendInvoice bills the partner. The idempotency key is tied to this
// workflow execution, so every retry of the activity presents the same key.
func (a *Activities) SendInvoice(ctx context.Context, transferID string) error {
	t, err := a.load(ctx, transferID)
	if err != nil {
		return err
	}
	if t.Status == "invoiced" {
		return nil
	}
	partner, err := a.Repo.Partner(ctx, t.PartnerCode)
	if err != nil {
		return err
	}
	info := activity.GetInfo(ctx)
	key := info.WorkflowExecution.ID + "/invoice"
	_, err = a.Partners.SubmitInvoice(ctx, partner.APIBaseURL, partners.Invoice{
		RequestRef:  t.PartnerRequestRef,
		Units:       t.Quantity,
		AmountCents: a.Tariffs[t.Kind] * int64(t.Quantity),
		Currency:    "EUR",
	}, partners.WithIdempotencyKey(key))
	a.logCall(ctx, t, "invoice", err)
	if err != nil {
		return err
	}
	_, err = a.Repo.AdvanceStatus(ctx, a.DB, t.ID, "arrived", "invoiced")
	return err
}

// logCall appends to the partner call log; one row per attempt is the point.
func (a *Activities) logCall(ctx context.Context, t domain.Transfer, op string, callErr error) {
	entry := CallLogEntry{
		ID:          ids.New(),
		PartnerCode: t.PartnerCode,
		Operation:   op,
		TransferID:  &t.ID,
		AttemptAt:   a.Now().UTC(),
	}
	if callErr != nil {
		msg := callErr.Error()
		entry.Error = &msg
		var se *apiclient.StatusError
		if errors.As(callErr, &se) {
			entry.HTTPStatus = &se.Status
		}
	}
	if err := a.Repo.LogCall(ctx, entry); err != nil {
		activity.GetLogger(ctx).Warn("partner call log", "err", err)
	}
}
