// Package taxforms collects W-9 and W-8BEN forms from artists through
// TaxVault.
package taxforms

import (
	"context"
	"fmt"
	"time"

	"github.com/google/wire"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/providers/taxvault"
)

// ProviderSet wires the tax form services.
var ProviderSet = wire.NewSet(NewService, NewReminders)

// Service opens and completes tax form requests.
type Service struct {
	db    *gorm.DB
	vault taxvault.API
	now   func() time.Time
}

// NewService returns the tax form service.
func NewService(db *gorm.DB, vault taxvault.API) *Service {
	return &Service{db: db, vault: vault, now: func() time.Time { return time.Now().UTC() }}
}

// Requested is what the portal needs to send the artist to TaxVault.
type Requested struct {
	Form       *models.TaxForm `json:"form"`
	SigningURL string          `json:"signing_url"`
}

// FormTypeFor picks the IRS form for an artist's country.
func FormTypeFor(country string) string {
	if country == "US" {
		return "W-9"
	}
	return "W-8BEN"
}

// RequestForm asks TaxVault to collect the artist's form for taxYear.
func (s *Service) RequestForm(ctx context.Context, artistID string, taxYear int) (*Requested, error) {
	var artist models.Artist
	if err := s.db.WithContext(ctx).First(&artist, "id = ?", artistID).Error; err != nil {
		return nil, err
	}
	if taxYear == 0 {
		taxYear = s.now().Year()
	}
	formType := FormTypeFor(artist.Country)

	ref := ids.NewUUID()
	req, err := s.vault.CreateFormRequest(ctx, taxvault.FormRequestInput{
		ExternalReference: ref,
		FormType:          formType,
		TaxYear:           taxYear,
		PayeeName:         artist.Name,
		PayeeEmail:        artist.Email,
		Country:           artist.Country,
	})
	if err != nil {
		return nil, fmt.Errorf("taxforms: open request: %w", err)
	}

	now := s.now()
	form := &models.TaxForm{
		ID:                ids.NewUUID(),
		ArtistID:          artist.ID,
		FormType:          formType,
		TaxYear:           taxYear,
		ExternalReference: ref,
		ProviderRequestID: &req.ID,
		Status:            models.FormRequested,
		CreatedAt:         now,
		UpdatedAt:         now,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(form).Error; err != nil {
			return err
		}
		return tx.Model(&models.Artist{}).
			Where("id = ? AND tax_status = ?", artist.ID, models.TaxStatusMissing).
			Update("tax_status", models.TaxStatusRequested).Error
	})
	if err != nil {
		return nil, err
	}
	return &Requested{Form: form, SigningURL: req.SigningURL}, nil
}

// Complete records a signed form reported by TaxVault.
func (s *Service) Complete(ctx context.Context, ev taxvault.Event) error {
	now := s.now()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var existing models.TaxForm
		if err := tx.First(&existing, "external_reference = ?", ev.ExternalReference).Error; err != nil {
			return err
		}
		formID := ev.FormID
		signedAt := ev.SignedAt
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "external_reference"}},
			DoUpdates: clause.AssignmentColumns([]string{"provider_form_id", "status", "signed_at", "updated_at"}),
		}).Create(&models.TaxForm{
			ID:                existing.ID,
			ArtistID:          existing.ArtistID,
			FormType:          existing.FormType,
			TaxYear:           existing.TaxYear,
			ExternalReference: ev.ExternalReference,
			ProviderRequestID: existing.ProviderRequestID,
			ProviderFormID:    &formID,
			Status:            models.FormCompleted,
			SignedAt:          &signedAt,
			CreatedAt:         existing.CreatedAt,
			UpdatedAt:         now,
		}).Error; err != nil {
			return err
		}
		res := tx.Model(&models.Artist{}).
			Where("id = ? AND tax_status <> ?", existing.ArtistID, models.TaxStatusVerified).
			Updates(map[string]any{"tax_status": models.TaxStatusVerified, "updated_at": now})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return events.PublishTx(tx, events.TopicTaxFormVerified, ids.Derived("taxform-verified", existing.ArtistID, formID), events.TaxFormVerified{
			ArtistID: existing.ArtistID,
			FormID:   formID,
			FormType: existing.FormType,
			TaxYear:  existing.TaxYear,
		})
	})
}

// Config is the subset of configuration the reminders need.
type Config struct {
	From         string
	MaxReminders int
	Every        time.Duration
}

// NewConfig derives the reminder settings from the process config.
func NewConfig(cfg config.Config) Config {
	return Config{From: cfg.StatementsFrom, MaxReminders: 4, Every: 7 * 24 * time.Hour}
}
