package service

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/tasks"
)

// TransferRequest moves credits between two accounts.
type TransferRequest struct {
	RequestKey  string
	FromAccount uuid.UUID
	ToAccount   uuid.UUID
	BatchID     uuid.UUID
	Quantity    int64
}

// TransferService moves credits between accounts and manages holds.
type TransferService interface {
	Transfer(ctx context.Context, in TransferRequest) (*domain.Transfer, error)
	Internal(ctx context.Context, in TransferRequest) (*domain.Transfer, error)
	Reserve(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) (ledger.Reservation, error)
	Release(ctx context.Context, ref string) (bool, error)
	Acknowledge(ctx context.Context, transferID uuid.UUID, registryRef string) error
}

type transferService struct {
	transfers repo.Transfers
	accounts  repo.Accounts
	ledger    *ledger.Ledger
	enqueuer  tasks.Enqueuer
	log       *slog.Logger
}

// NewTransferService returns the TransferService.
func NewTransferService(t repo.Transfers, a repo.Accounts, l *ledger.Ledger, q tasks.Enqueuer, log *slog.Logger) TransferService {
	return &transferService{transfers: t, accounts: a, ledger: l, enqueuer: q, log: log}
}

func validateTransfer(in TransferRequest) error {
	if strings.TrimSpace(in.RequestKey) == "" {
		return fail(ErrInvalid, "a request key is required")
	}
	if in.Quantity <= 0 {
		return fail(ErrInvalid, "quantity must be positive")
	}
	if in.FromAccount == in.ToAccount {
		return fail(ErrInvalid, "source and destination are the same account")
	}
	return nil
}

// Transfer claims the caller's request key and moves the credits in one
// database transaction; a repeat returns the transfer the first call made.
func (s *transferService) Transfer(ctx context.Context, in TransferRequest) (*domain.Transfer, error) {
	if err := validateTransfer(in); err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	t := &domain.Transfer{
		ID:          ids.NewUUID(),
		RequestKey:  in.RequestKey,
		FromAccount: in.FromAccount,
		ToAccount:   in.ToAccount,
		BatchID:     in.BatchID,
		Quantity:    in.Quantity,
		Channel:     domain.ChannelAPI,
		Status:      domain.TransferPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	err := s.ledger.InTx(ctx, func(ctx context.Context) error {
		created, err := s.ledger.ClaimTransfer(ctx, t)
		if err != nil || !created {
			return err
		}
		return s.ledger.Move(ctx, "xfer:"+t.ID.String(), t.FromAccount, t.ToAccount, t.BatchID, t.Quantity)
	})
	if errors.Is(err, ledger.ErrInsufficient) {
		return nil, fail(ErrInsufficient, "account %s holds fewer than %d credits of batch %s", in.FromAccount, in.Quantity, in.BatchID)
	}
	if err != nil {
		return nil, err
	}
	if t.Status == domain.TransferPending {
		if err := s.enqueuer.Enqueue(ctx, tasks.NotifyTransfer(t.ID)); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// Internal moves credits on behalf of an internal service (custody desks,
// the brokerage bridge). The reference is the caller's own transfer ID.
func (s *transferService) Internal(ctx context.Context, in TransferRequest) (*domain.Transfer, error) {
	if err := validateTransfer(in); err != nil {
		return nil, err
	}
	if existing, err := s.transfers.ByRequestKey(ctx, domain.ChannelInternal, in.RequestKey); err == nil {
		return existing, nil
	} else if !db.IsNotFound(err) {
		return nil, err
	}
	ref := "itx:" + in.RequestKey
	if err := s.ledger.Debit(ctx, ref, in.FromAccount, in.BatchID, in.Quantity); err != nil {
		return nil, err
	}
	if err := s.ledger.Credit(ctx, ref, in.ToAccount, in.BatchID, in.Quantity); err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	t := &domain.Transfer{
		ID:          ids.Derive("internal-transfer", in.RequestKey),
		RequestKey:  in.RequestKey,
		FromAccount: in.FromAccount,
		ToAccount:   in.ToAccount,
		BatchID:     in.BatchID,
		Quantity:    in.Quantity,
		Channel:     domain.ChannelInternal,
		Status:      domain.TransferPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if err := s.transfers.Create(ctx, t); err != nil {
		return nil, err
	}
	if err := s.enqueuer.Enqueue(ctx, tasks.NotifyTransfer(t.ID)); err != nil {
		s.log.ErrorContext(ctx, "registry notice not queued", "transfer", t.ID, "err", err)
	}
	return t, nil
}

// Reserve places a hold; the reference makes it idempotent.
func (s *transferService) Reserve(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) (ledger.Reservation, error) {
	if ref == "" || qty <= 0 {
		return ledger.Reservation{}, fail(ErrInvalid, "reservation_ref and a positive quantity are required")
	}
	r, _, err := s.ledger.Reserve(ctx, ref, account, batch, qty)
	return r, err
}

// Release drops a hold; releasing twice is a no-op.
func (s *transferService) Release(ctx context.Context, ref string) (bool, error) {
	return s.ledger.Release(ctx, ref)
}

// Acknowledge records the registry's acknowledgement of a transfer.
func (s *transferService) Acknowledge(ctx context.Context, transferID uuid.UUID, registryRef string) error {
	moved, err := s.transfers.Acknowledge(ctx, transferID, registryRef)
	if err != nil {
		return err
	}
	if !moved {
		s.log.DebugContext(ctx, "transfer acknowledgement ignored", "transfer", transferID)
	}
	return nil
}
