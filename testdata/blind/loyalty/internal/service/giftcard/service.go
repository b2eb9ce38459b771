// Package giftcard converts points into third-party gift cards. The request
// is accepted over HTTP and fulfilled by the GiftCardIssuance workflow.
package giftcard

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/temporalx"
	"github.com/tidewater/loyalty/internal/platform/txn"
	"github.com/tidewater/loyalty/internal/provider/giftcardapi"
)

// Provider is the gift-card provider client.
type Provider interface {
	Issue(ctx context.Context, req giftcardapi.IssueRequest, opts ...giftcardapi.CallOption) (*giftcardapi.Card, error)
	Reissue(ctx context.Context, cardID string, req giftcardapi.ReissueRequest, opts ...giftcardapi.CallOption) (*giftcardapi.Card, error)
}

// Repository covers the gift-card tables outside of explicit transactions.
type Repository interface {
	GetRequest(ctx context.Context, id uuid.UUID) (db.GiftCardRequest, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	MarkIssued(ctx context.Context, id uuid.UUID, providerCardID string) error
	LogAttempt(ctx context.Context, p db.InsertGiftCardAttemptParams) error
	GetCard(ctx context.Context, requestID uuid.UUID) (db.GiftCard, error)
	SaveCard(ctx context.Context, p db.InsertGiftCardParams) error
	ReplaceCard(ctx context.Context, requestID uuid.UUID, providerCardID, masked string) error
}

type Config struct {
	TaskQueue string
}

type Service struct {
	cfg      Config
	pool     txn.Beginner
	repo     Repository
	provider Provider
	starter  temporalx.Starter
	log      *slog.Logger
}

func NewService(cfg Config, pool txn.Beginner, repo Repository, provider Provider, starter temporalx.Starter, log *slog.Logger) *Service {
	return &Service{cfg: cfg, pool: pool, repo: repo, provider: provider, starter: starter, log: log}
}

type RequestInput struct {
	MemberID       uuid.UUID
	IdempotencyKey string
	AmountCents    int64
	Currency       string
	RecipientEmail string
}

// Request records a gift-card request under the caller's idempotency key and
// starts the issuance workflow for it. The workflow id is derived from the
// stored request id, so a retried call attaches to the same workflow.
func (s *Service) Request(ctx context.Context, in RequestInput) (db.GiftCardRequest, error) {
	if in.AmountCents < 1000 || in.AmountCents > 50000 {
		return db.GiftCardRequest{}, fmt.Errorf("%w: amount out of range", domain.ErrValidation)
	}
	req, err := txn.WithTx(ctx, s.pool, func(q *db.Queries) (db.GiftCardRequest, error) {
		if _, err := q.CreateGiftCardRequest(ctx, db.CreateGiftCardRequestParams{
			ID:             uuid.New(),
			MemberID:       in.MemberID,
			IdempotencyKey: in.IdempotencyKey,
			AmountCents:    in.AmountCents,
			Currency:       in.Currency,
			Points:         domain.PointsForCents(in.AmountCents),
			RecipientEmail: in.RecipientEmail,
		}); err != nil {
			return db.GiftCardRequest{}, err
		}
		return q.GetGiftCardRequestByKey(ctx, db.GetGiftCardRequestByKeyParams{
			MemberID:       in.MemberID,
			IdempotencyKey: in.IdempotencyKey,
		})
	})
	if err != nil {
		return db.GiftCardRequest{}, fmt.Errorf("record gift card request: %w", err)
	}
	if req.AmountCents != in.AmountCents || req.RecipientEmail != in.RecipientEmail {
		return db.GiftCardRequest{}, domain.ErrIdempotencyMismatch
	}

	_, err = s.starter.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       "giftcard-" + req.ID.String(),
		TaskQueue:                s.cfg.TaskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowExecutionTimeout: 24 * time.Hour,
	}, temporalx.GiftCardIssuanceWorkflow, req.ID.String())
	if err != nil && !temporalx.IsAlreadyStarted(err) {
		return db.GiftCardRequest{}, fmt.Errorf("start issuance workflow: %w", err)
	}
	return req, nil
}

// ReservePoints debits the member for the gift card. Safe to repeat: the
// request row is locked and its status moves requested -> reserved in the
// same transaction as the debit.
func (s *Service) ReservePoints(ctx context.Context, requestID uuid.UUID) error {
	status, err := txn.WithTx(ctx, s.pool, func(q *db.Queries) (string, error) {
		req, err := q.GetGiftCardRequestForUpdate(ctx, requestID)
		if err != nil {
			return "", err
		}
		if req.Status != "requested" {
			return req.Status, nil
		}
		m, err := q.GetMemberForUpdate(ctx, req.MemberID)
		if err != nil {
			return "", err
		}
		if m.PointsBalance < req.Points {
			return "rejected", q.SetGiftCardRequestStatus(ctx, db.SetGiftCardRequestStatusParams{ID: req.ID, Status: "rejected"})
		}
		posted, err := q.InsertLedgerEntryOnce(ctx, db.InsertLedgerEntryParams{
			ID:       "gc-" + req.ID.String(),
			MemberID: req.MemberID,
			Delta:    -req.Points,
			Kind:     "gift_card",
			Ref:      pgtype.Text{String: "giftcard:" + req.ID.String(), Valid: true},
		})
		if err != nil {
			return "", err
		}
		if posted == 1 {
			if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: req.MemberID, Delta: -req.Points}); err != nil {
				return "", err
			}
		}
		return "reserved", q.SetGiftCardRequestStatus(ctx, db.SetGiftCardRequestStatusParams{ID: req.ID, Status: "reserved"})
	})
	if err != nil {
		return err
	}
	if status == "rejected" {
		return domain.ErrInsufficientPoints
	}
	return nil
}

// Issue calls the provider for a reserved request. The request id is the
// provider idempotency key, so a retried activity gets the same card back.
func (s *Service) Issue(ctx context.Context, requestID uuid.UUID, attempt int32, attemptID string) (*giftcardapi.Card, error) {
	req, err := s.repo.GetRequest(ctx, requestID)
	if err != nil {
		return nil, err
	}
	switch req.Status {
	case "reserved", "issuing":
	case "issued":
		// Fall through to the provider: with the same key it returns the
		// card it already created, which gives us the full card payload.
	default:
		return nil, fmt.Errorf("%w: request %s is %s", domain.ErrInvalidState, req.ID, req.Status)
	}
	if req.Status == "reserved" {
		if err := s.repo.SetStatus(ctx, req.ID, "issuing"); err != nil {
			return nil, err
		}
	}

	card, callErr := s.provider.Issue(ctx, giftcardapi.IssueRequest{
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
		RecipientEmail: req.RecipientEmail,
		Reference:      req.ID.String(),
	}, giftcardapi.WithIdempotencyKey("gc-issue-"+req.ID.String()))

	outcome := "ok"
	if callErr != nil {
		outcome = callErr.Error()
	}
	if err := s.repo.LogAttempt(ctx, db.InsertGiftCardAttemptParams{
		ID:        attemptID,
		RequestID: req.ID,
		Attempt:   attempt,
		Outcome:   outcome,
	}); err != nil {
		s.log.WarnContext(ctx, "gift card attempt log failed", "request_id", req.ID, "err", err)
	}
	if callErr != nil {
		return nil, callErr
	}
	if err := s.repo.MarkIssued(ctx, req.ID, card.ID); err != nil {
		return nil, err
	}
	return card, nil
}

// StoreCard saves the issued card details in the card vault table.
func (s *Service) StoreCard(ctx context.Context, requestID uuid.UUID, card giftcardapi.Card) error {
	return s.repo.SaveCard(ctx, db.InsertGiftCardParams{
		RequestID:      requestID,
		ProviderCardID: card.ID,
		MaskedCode:     card.MaskedCode,
		BalanceCents:   card.BalanceCents,
	})
}

// Reissue replaces a lost or compromised card with a new one carrying the
// remaining balance.
func (s *Service) Reissue(ctx context.Context, requestID uuid.UUID, reason string) (db.GiftCard, error) {
	card, err := s.repo.GetCard(ctx, requestID)
	if err != nil {
		return db.GiftCard{}, err
	}
	if reason == "" {
		reason = "lost"
	}
	replacement, err := s.provider.Reissue(ctx, card.ProviderCardID, giftcardapi.ReissueRequest{Reason: reason})
	if err != nil {
		return db.GiftCard{}, fmt.Errorf("provider reissue: %w", err)
	}
	if err := s.repo.ReplaceCard(ctx, requestID, replacement.ID, replacement.MaskedCode); err != nil {
		return db.GiftCard{}, err
	}
	card.ProviderCardID = replacement.ID
	card.MaskedCode = replacement.MaskedCode
	card.ReissueCount++
	return card, nil
}

// IsNotFound helps the transport map errors.
func IsNotFound(err error) bool {
	return errors.Is(err, domain.ErrNotFound) || errors.Is(err, pgx.ErrNoRows)
}
