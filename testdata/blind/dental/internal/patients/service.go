// Package patients registers patients and keeps their contact details in
// step with the front-desk system.
package patients

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
)

// Service registers patients.
type Service interface {
	Register(ctx context.Context, in RegisterInput) (RegisterOutput, error)
}

type RegisterInput struct {
	PracticeID     uuid.UUID
	FirstName      string
	LastName       string
	DateOfBirth    time.Time
	PhoneE164      string
	Email          string
	MailingAddress *models.Address
	SMSOptIn       bool
}

type RegisterOutput struct {
	PatientID uuid.UUID
	Created   bool
}

type service struct {
	db       *gorm.DB
	patients *database.Repository[models.Patient]
}

// NewService wires the patient service.
func NewService(db *gorm.DB) Service {
	return &service{db: db, patients: database.NewRepository[models.Patient](db)}
}

// Register creates the patient or, when the practice already has someone
// with the same name and date of birth, refreshes their contact details.
func (s *service) Register(ctx context.Context, in RegisterInput) (RegisterOutput, error) {
	p := models.Patient{
		ID:          uuid.New(),
		PracticeID:  in.PracticeID,
		FirstName:   strings.TrimSpace(in.FirstName),
		LastName:    strings.TrimSpace(in.LastName),
		DateOfBirth: in.DateOfBirth,
		PhoneE164:   in.PhoneE164,
		SMSOptIn:    in.SMSOptIn,
	}
	if in.Email != "" {
		p.Email = &in.Email
	}
	if in.MailingAddress != nil {
		p.MailingAddress = models.MustJSON(in.MailingAddress)
	}
	var created bool
	err := database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		err := tx.Clauses(clause.OnConflict{
			Columns: []clause.Column{{Name: "practice_id"}, {Name: "last_name"}, {Name: "first_name"}, {Name: "date_of_birth"}},
			DoUpdates: clause.AssignmentColumns([]string{
				"phone_e164", "email", "mailing_address", "sms_opt_in", "updated_at",
			}),
		}).Create(&p).Error
		if err != nil {
			return fmt.Errorf("upsert patient: %w", err)
		}
		var stored models.Patient
		if err := tx.Where("practice_id = ? AND last_name = ? AND first_name = ? AND date_of_birth = ?",
			p.PracticeID, p.LastName, p.FirstName, p.DateOfBirth).Take(&stored).Error; err != nil {
			return err
		}
		created = stored.ID == p.ID
		p.ID = stored.ID
		acct := models.PatientAccount{PatientID: stored.ID}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&acct).Error
	})
	if err != nil {
		return RegisterOutput{}, err
	}
	return RegisterOutput{PatientID: p.ID, Created: created}, nil
}
