package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/store"
)

type RegisterMerchantRequest struct {
	ExternalRef     string `json:"external_ref"`
	Name            string `json:"name"`
	StripeAccountID string `json:"stripe_account_id"`
	WebhookURL      string `json:"webhook_url,omitempty"`
}

type MerchantView struct {
	db.Merchant
	WebhookSecret *string `json:"webhook_secret,omitempty"`
	Created       bool    `json:"-"`
}

type AddTerminalRequest struct {
	SerialNumber string `json:"serial_number"`
	Label        string `json:"label"`
}

type TerminalCredentials struct {
	TerminalID string `json:"terminal_id"`
	MerchantID string `json:"merchant_id"`
	APIKey     string `json:"api_key"`
}

type Merchants interface {
	Register(ctx context.Context, req RegisterMerchantRequest) (*MerchantView, error)
	AddTerminal(ctx context.Context, merchantID string, req AddTerminalRequest) (*TerminalCredentials, error)
	AuthenticateTerminal(ctx context.Context, terminalID, apiKey string) (db.Terminal, error)
}

type merchantService struct {
	merchants repo.Merchants
}

func NewMerchants(m repo.Merchants) Merchants { return &merchantService{merchants: m} }

// Register onboards a merchant keyed by its external reference in the
// partner CRM; re-registering returns the existing merchant.
func (s *merchantService) Register(ctx context.Context, req RegisterMerchantRequest) (*MerchantView, error) {
	if req.ExternalRef == "" || req.Name == "" {
		return nil, invalid("external_ref", "external_ref and name are required")
	}
	if !strings.HasPrefix(req.StripeAccountID, "acct_") {
		return nil, invalid("stripe_account_id", "must be a connected account id")
	}
	var secret *string
	if req.WebhookURL != "" {
		secret = store.Ptr("whsec_" + randomHex(24))
	}
	m, created, err := s.merchants.Register(ctx, db.CreateMerchantParams{
		ID:              ids.New("mer"),
		ExternalRef:     req.ExternalRef,
		Name:            req.Name,
		StripeAccountID: req.StripeAccountID,
		WebhookUrl:      store.PtrOrNil(req.WebhookURL),
		WebhookSecret:   secret,
	})
	if err != nil {
		return nil, err
	}
	view := &MerchantView{Merchant: m, Created: created}
	if created {
		view.WebhookSecret = m.WebhookSecret
	}
	return view, nil
}

// AddTerminal registers a POS terminal by its hardware serial and returns
// the API key it will authenticate with. The key is shown only once.
func (s *merchantService) AddTerminal(ctx context.Context, merchantID string, req AddTerminalRequest) (*TerminalCredentials, error) {
	if req.SerialNumber == "" {
		return nil, invalid("serial_number", "required")
	}
	if _, err := s.merchants.Get(ctx, merchantID); err != nil {
		if store.IsNotFound(err) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	apiKey := "tk_" + randomHex(32)
	t, err := s.merchants.AddTerminal(ctx, db.CreateTerminalParams{
		ID:           ids.New("trm"),
		MerchantID:   merchantID,
		SerialNumber: strings.ToUpper(strings.TrimSpace(req.SerialNumber)),
		Label:        req.Label,
		ApiKeyHash:   hashKey(apiKey),
	})
	if store.IsUniqueViolation(err) {
		return nil, fmt.Errorf("%w: terminal %s is already registered", ErrConflict, req.SerialNumber)
	}
	if err != nil {
		return nil, err
	}
	return &TerminalCredentials{TerminalID: t.ID, MerchantID: t.MerchantID, APIKey: apiKey}, nil
}

func (s *merchantService) AuthenticateTerminal(ctx context.Context, terminalID, apiKey string) (db.Terminal, error) {
	t, err := s.merchants.GetTerminal(ctx, terminalID)
	if err != nil {
		return t, ErrNotFound
	}
	if t.ApiKeyHash != hashKey(apiKey) {
		return db.Terminal{}, ErrNotFound
	}
	return t, nil
}

func hashKey(k string) string {
	sum := sha256.Sum256([]byte(k))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
