package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
)

// WalletStore moves patient credit.
type WalletStore interface {
	Credit(ctx context.Context, e *domain.WalletEntry) error
}

// RequestLog stores admin responses by Idempotency-Key.
type RequestLog interface {
	Lookup(ctx context.Context, key string) (json.RawMessage, bool, error)
	Save(ctx context.Context, key, route string, response any) error
}

// CreditService grants goodwill visit credit from the support console.
type CreditService struct {
	wallet   WalletStore
	requests RequestLog
	log      *slog.Logger
	maxCents int64
}

func NewCreditService(wallet WalletStore, requests RequestLog, log *slog.Logger) *CreditService {
	return &CreditService{wallet: wallet, requests: requests, log: log, maxCents: 20000}
}

// GrantRequest is a support agent's credit grant.
type GrantRequest struct {
	Key         string
	PatientID   uuid.UUID
	AmountCents int64
	Reason      string
	Reference   string
	Agent       string
}

// Grant adds credit to the patient's wallet.
func (s *CreditService) Grant(ctx context.Context, req GrantRequest) (*domain.WalletEntry, error) {
	if req.Key == "" || req.AmountCents <= 0 || req.AmountCents > s.maxCents {
		return nil, fmt.Errorf("credit of %d cents: %w", req.AmountCents, domain.ErrInvalidArgument)
	}
	if prior, ok, err := s.requests.Lookup(ctx, req.Key); err != nil {
		return nil, err
	} else if ok {
		var e domain.WalletEntry
		if err := json.Unmarshal(prior, &e); err != nil {
			return nil, err
		}
		return &e, nil
	}

	entry := &domain.WalletEntry{
		ID:          ids.Prefixed("wal"),
		PatientID:   req.PatientID,
		AmountCents: req.AmountCents,
		Reason:      "goodwill:" + req.Reason,
		CreatedBy:   req.Agent,
	}
	if req.Reference != "" {
		entry.Reference = &req.Reference
	}
	if err := s.wallet.Credit(ctx, entry); err != nil {
		return nil, err
	}
	if err := s.requests.Save(ctx, req.Key, "credits.grant", entry); err != nil {
		s.log.Warn("store admin response", "key", req.Key, "err", err)
	}
	return entry, nil
}
