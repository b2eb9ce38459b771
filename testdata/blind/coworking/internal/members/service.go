// Package members manages member accounts and their meeting-room credits.
package members

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idempotency"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/payments"
	"github.com/deskhive/coworking/internal/store"
)

// Errors returned by the service.
var (
	ErrNotFound            = errors.New("member not found")
	ErrInsufficientCredits = errors.New("insufficient credit minutes")
	ErrSameMember          = errors.New("cannot transfer credits to the same member")
)

// RegisterInput is a new member sign-up.
type RegisterInput struct {
	Email     string
	FullName  string
	Phone     string
	CompanyID *uuid.UUID
}

// TransferInput moves meeting-room credit minutes between two members of
// the same company.
type TransferInput struct {
	IdempotencyKey string
	FromMemberID   uuid.UUID
	ToMemberID     uuid.UUID
	Minutes        int32
	Note           string
}

// Service is the members API used by HTTP handlers.
type Service interface {
	Register(ctx context.Context, in RegisterInput) (db.Member, error)
	Get(ctx context.Context, id uuid.UUID) (db.Member, error)
	TransferCredits(ctx context.Context, in TransferInput) error
}

type service struct {
	store    store.Store
	payments payments.Gateway
	log      *slog.Logger
}

// NewService builds the members service.
func NewService(s store.Store, pg payments.Gateway, log *slog.Logger) Service {
	return &service{store: s, payments: pg, log: log}
}

func (s *service) Register(ctx context.Context, in RegisterInput) (db.Member, error) {
	params := db.CreateMemberParams{
		ID:       idgen.NewID(),
		Email:    strings.ToLower(strings.TrimSpace(in.Email)),
		FullName: in.FullName,
		Phone:    in.Phone,
	}
	if in.CompanyID != nil {
		params.CompanyID = uuid.NullUUID{UUID: *in.CompanyID, Valid: true}
	}
	m, err := s.store.CreateMember(ctx, params)
	if store.IsNotFound(err) {
		// Email already registered: sign-up is idempotent on email.
		m, err = s.store.GetMemberByEmail(ctx, params.Email)
	}
	if err != nil {
		return db.Member{}, fmt.Errorf("create member: %w", err)
	}
	if m.StripeCustomerID.Valid {
		return m, nil
	}

	custID, err := s.payments.CreateCustomer(ctx, payments.CustomerInput{
		Email: m.Email,
		Name:  m.FullName,
		Phone: m.Phone,
	},
		payments.WithIdempotencyKey(idgen.Derived("customer", m.ID.String())),
		payments.WithMetadata("member_id", m.ID.String()),
	)
	if err != nil {
		return db.Member{}, err
	}
	if err := s.store.SetMemberStripeCustomer(ctx, db.SetMemberStripeCustomerParams{
		ID:               m.ID,
		StripeCustomerID: sql.NullString{String: custID, Valid: true},
	}); err != nil {
		return db.Member{}, fmt.Errorf("save stripe customer: %w", err)
	}
	m.StripeCustomerID = sql.NullString{String: custID, Valid: true}
	return m, nil
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (db.Member, error) {
	m, err := s.store.GetMember(ctx, id)
	if store.IsNotFound(err) {
		return db.Member{}, ErrNotFound
	}
	return m, err
}

const transferScope = "credit-transfer"

func (s *service) TransferCredits(ctx context.Context, in TransferInput) error {
	if in.FromMemberID == in.ToMemberID {
		return ErrSameMember
	}
	reference := idgen.Derived("transfer", in.IdempotencyKey)

	// Debit the sender first; the claim on the idempotency key rides along
	// with the debit so a replay never debits twice.
	replayed := false
	err := s.store.ExecTx(ctx, func(q *db.Queries) error {
		replay, err := idempotency.Claim(ctx, q, transferScope, in.IdempotencyKey, in.FromMemberID.String()+in.ToMemberID.String())
		if err != nil {
			return err
		}
		if replay != nil {
			replayed = true
			return nil
		}
		n, err := q.DebitCredits(ctx, db.DebitCreditsParams{Minutes: in.Minutes, ID: in.FromMemberID})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInsufficientCredits
		}
		return q.InsertCreditLedgerEntry(ctx, db.InsertCreditLedgerEntryParams{
			ID:           idgen.NewID(),
			MemberID:     in.FromMemberID,
			DeltaMinutes: -in.Minutes,
			Reason:       "transfer_out",
			Reference:    reference,
		})
	})
	if err != nil {
		return fmt.Errorf("debit sender: %w", err)
	}
	if replayed {
		return nil
	}

	return s.store.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.AddCredits(ctx, db.AddCreditsParams{Minutes: in.Minutes, ID: in.ToMemberID}); err != nil {
			return fmt.Errorf("credit recipient: %w", err)
		}
		if err := q.InsertCreditLedgerEntry(ctx, db.InsertCreditLedgerEntryParams{
			ID:           idgen.NewID(),
			MemberID:     in.ToMemberID,
			DeltaMinutes: in.Minutes,
			Reason:       "transfer_in",
			Reference:    reference,
		}); err != nil {
			return err
		}
		return idempotency.Complete(ctx, q, transferScope, in.IdempotencyKey, 204, nil)
	})
}
