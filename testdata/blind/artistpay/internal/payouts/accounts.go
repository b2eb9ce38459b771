package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/providers/payrail"
)

// LinkInput is a bank account or debit card an artist wants paid to.
type LinkInput struct {
	Method        string `json:"method"`
	Country       string `json:"country"`
	Currency      string `json:"currency"`
	AccountNumber string `json:"account_number"`
	RoutingNumber string `json:"routing_number"`
	IBAN          string `json:"iban"`
	CardToken     string `json:"card_token"`
}

// Accounts links payout destinations at PayRail.
type Accounts struct {
	db              *gorm.DB
	CreateRecipient func(ctx context.Context, req payrail.RecipientRequest, opts ...payrail.RequestOption) (*payrail.Recipient, error)
}

// NewAccounts returns the accounts service.
func NewAccounts(db *gorm.DB, api payrail.API) *Accounts {
	return &Accounts{db: db, CreateRecipient: api.CreateRecipient}
}

// Link registers the destination with PayRail and stores it.
func (a *Accounts) Link(ctx context.Context, artistID string, in LinkInput) (*models.PayoutAccount, error) {
	switch in.Method {
	case models.MethodBank:
		if in.IBAN == "" && (in.AccountNumber == "" || in.RoutingNumber == "") {
			return nil, errors.New("payouts: bank account needs an IBAN or account and routing numbers")
		}
	case models.MethodCardPush:
		if in.CardToken == "" {
			return nil, errors.New("payouts: card needs a card token")
		}
	default:
		return nil, fmt.Errorf("payouts: unsupported method %q", in.Method)
	}
	var artist models.Artist
	if err := a.db.WithContext(ctx).First(&artist, "id = ?", artistID).Error; err != nil {
		return nil, err
	}
	country := in.Country
	if country == "" {
		country = artist.Country
	}

	recip, err := a.CreateRecipient(ctx, payrail.RecipientRequest{
		ExternalID:    artist.ID,
		Name:          artist.Name,
		Email:         artist.Email,
		Country:       country,
		Currency:      in.Currency,
		Method:        in.Method,
		AccountNumber: in.AccountNumber,
		RoutingNumber: in.RoutingNumber,
		IBAN:          in.IBAN,
		CardToken:     in.CardToken,
	})
	if err != nil {
		return nil, fmt.Errorf("payouts: register recipient: %w", err)
	}

	now := time.Now().UTC()
	acct := &models.PayoutAccount{
		ID:                 ids.NewUUID(),
		ArtistID:           artist.ID,
		PayrailRecipientID: recip.ID,
		Method:             in.Method,
		Last4:              recip.Last4,
		Country:            country,
		Currency:           in.Currency,
		Status:             "pending_verification",
		CreatedAt:          now,
		UpdatedAt:          now,
	}
	if recip.Status == "verified" {
		acct.Status = "active"
	}
	err = a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(acct).Error; err != nil {
			return err
		}
		return tx.Model(&models.Artist{}).Where("id = ?", artist.ID).
			Updates(map[string]any{"payrail_recipient_id": recip.ID, "updated_at": now}).Error
	})
	if err != nil {
		return nil, err
	}
	return acct, nil
}

// List returns the artist's payout accounts.
func (a *Accounts) List(ctx context.Context, artistID string) ([]models.PayoutAccount, error) {
	var out []models.PayoutAccount
	err := a.db.WithContext(ctx).Where("artist_id = ?", artistID).Order("created_at DESC").Find(&out).Error
	return out, err
}

// SetStatus records a recipient status change reported by PayRail.
func (a *Accounts) SetStatus(ctx context.Context, recipientID, status string) error {
	mapped := "pending_verification"
	switch status {
	case "verified":
		mapped = "active"
	case "rejected", "disabled":
		mapped = "disabled"
	}
	return a.db.WithContext(ctx).Model(&models.PayoutAccount{}).
		Where("payrail_recipient_id = ?", recipientID).
		Updates(map[string]any{"status": mapped, "updated_at": time.Now().UTC()}).Error
}
