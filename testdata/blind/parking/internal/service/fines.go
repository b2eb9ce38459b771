package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/store"
)

type FineService struct {
	tx          store.TxManager
	fines       store.FineRepository
	payments    store.FinePaymentRepository
	enforcement store.EnforcementRepository
	accounts    store.AccountRepository
	gateway     payments.Gateway
	clock       Clock
	settings    Settings
}

func NewFineService(
	tx store.TxManager,
	fines store.FineRepository,
	finePayments store.FinePaymentRepository,
	enforcement store.EnforcementRepository,
	accounts store.AccountRepository,
	gateway payments.Gateway,
	clock Clock,
	settings Settings,
) *FineService {
	return &FineService{tx: tx, fines: fines, payments: finePayments, enforcement: enforcement,
		accounts: accounts, gateway: gateway, clock: clock, settings: settings}
}

// Pay settles a fine with the card on file. At most one live payment exists
// per fine; its ID is the processor idempotency key, so a repeated request
// resumes the same charge instead of starting a new one.
func (s *FineService) Pay(ctx context.Context, accountID, fineID uuid.UUID) (*domain.FinePayment, error) {
	acct, err := s.accounts.Get(ctx, accountID)
	if err != nil {
		return nil, err
	}
	if !acct.HasCard() {
		return nil, domain.ErrNoCardOnFile
	}

	var pay *domain.FinePayment
	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		fine, err := s.fines.GetForUpdate(ctx, tx, fineID)
		if err != nil {
			return err
		}
		switch fine.Status {
		case domain.FineVoid:
			return fmt.Errorf("%w: fine is void", domain.ErrInvalidState)
		case domain.FineDisputed:
			return fmt.Errorf("%w: fine is under dispute", domain.ErrInvalidState)
		}
		pay, err = s.payments.ClaimLive(ctx, tx, &domain.FinePayment{
			ID:          uuid.New(),
			FineID:      fine.ID,
			AccountID:   acct.ID,
			AmountCents: fine.AmountCents,
			CreatedAt:   s.clock(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if pay.Status == "succeeded" {
		return pay, nil
	}

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      acct.StripeCustomerID,
		PaymentMethodID: acct.DefaultPaymentPM,
		AmountCents:     pay.AmountCents,
		Currency:        s.settings.Currency,
		Description:     "Parking fine " + fineID.String(),
	},
		payments.WithIdempotencyKey("fine-payment-"+pay.ID.String()),
		payments.WithMetadata("fine_id", fineID.String()),
		payments.WithMetadata("fine_payment_id", pay.ID.String()),
		payments.WithMetadata("account_id", acct.ID.String()),
	)
	if err != nil {
		if errors.Is(err, payments.ErrDeclined) || errors.Is(err, payments.ErrAuthenticationRequired) {
			_ = s.payments.MarkFailed(ctx, pay.ID)
		}
		return nil, err
	}

	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.payments.MarkSucceeded(ctx, tx, pay.ID, res.PaymentIntentID); err != nil {
			return err
		}
		return s.fines.MarkPaid(ctx, tx, fineID, s.clock())
	})
	if err != nil {
		return nil, err
	}
	pay.Status = "succeeded"
	pay.PaymentIntentID = &res.PaymentIntentID
	return pay, nil
}

type DisputeInput struct {
	AccountID uuid.UUID
	FineID    uuid.UUID
	Reason    string
	Details   string
}

// Dispute opens a case for a fine and parks the fine until it is reviewed.
func (s *FineService) Dispute(ctx context.Context, in DisputeInput) (*domain.FineDispute, error) {
	fine, err := s.fines.Get(ctx, in.FineID)
	if err != nil {
		return nil, err
	}
	if fine.AccountID == nil || *fine.AccountID != in.AccountID {
		return nil, domain.ErrNotFound
	}
	if fine.Status == domain.FinePaid || fine.Status == domain.FineVoid {
		return nil, fmt.Errorf("%w: fine is %s", domain.ErrInvalidState, fine.Status)
	}

	now := s.clock()
	d := &domain.FineDispute{
		ID:        uuid.New(),
		FineID:    fine.ID,
		AccountID: in.AccountID,
		Reason:    in.Reason,
		Details:   in.Details,
		Status:    "open",
		CreatedAt: now,
	}
	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.fines.TransitionStatus(ctx, tx, fine.ID, domain.FineDisputed,
			domain.FineIssued, domain.FineEscalated, domain.FineDisputed); err != nil {
			return err
		}
		if err := s.enforcement.InsertDispute(ctx, tx, d); err != nil {
			return err
		}
		return s.fines.AppendEvent(ctx, tx, domain.FineEvent{
			ID: uuid.New(), FineID: fine.ID, Kind: "disputed", Detail: in.Reason, CreatedAt: now,
		})
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Void cancels a fine. Voiding an already void fine is a no-op.
func (s *FineService) Void(ctx context.Context, fineID uuid.UUID, operator, note string) (*domain.Fine, error) {
	err := s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		changed, err := s.fines.TransitionStatus(ctx, tx, fineID, domain.FineVoid,
			domain.FineIssued, domain.FineDisputed, domain.FineEscalated)
		if err != nil || !changed {
			return err
		}
		return s.fines.AppendEvent(ctx, tx, domain.FineEvent{
			ID:        uuid.New(),
			FineID:    fineID,
			Kind:      "voided",
			Detail:    operator + ": " + note,
			CreatedAt: s.clock(),
		})
	})
	if err != nil {
		return nil, err
	}
	fine, err := s.fines.Get(ctx, fineID)
	if err != nil {
		return nil, err
	}
	if fine.Status != domain.FineVoid {
		return nil, fmt.Errorf("%w: fine is %s", domain.ErrInvalidState, fine.Status)
	}
	return fine, nil
}
