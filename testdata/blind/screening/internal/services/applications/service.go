// Package applications owns the lifecycle of a rental application: intake
// from property managers and partner portals, FCRA consent, applicant edits
// and withdrawal.
package applications

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"strings"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/store"
)

// Store is the persistence the service uses.
type Store interface {
	dbtx.TxRunner
	LookupIdempotencyKey(ctx context.Context, q dbtx.Queryer, managerID, key string) (store.IdempotencyRecord, bool, error)
	SaveIdempotencyKey(ctx context.Context, q dbtx.Queryer, r store.IdempotencyRecord) error
	GetProperty(ctx context.Context, managerID, id string) (domain.Property, error)
	UpsertProperty(ctx context.Context, p domain.Property) (domain.Property, bool, error)
	InsertApplication(ctx context.Context, q dbtx.Queryer, a domain.Application) error
	InsertPartnerApplication(ctx context.Context, a domain.Application) (bool, error)
	ApplicationByPartnerRef(ctx context.Context, partnerID, ref string) (domain.Application, error)
	GetApplication(ctx context.Context, q dbtx.Queryer, id string) (domain.Application, error)
	ApplicationForManager(ctx context.Context, managerID, id string) (domain.Application, error)
	ReplaceApplicant(ctx context.Context, managerID, id string, ap domain.Applicant) (bool, error)
	TransitionApplication(ctx context.Context, q dbtx.Queryer, id string, from []string, to string) (bool, error)
	InsertConsent(ctx context.Context, q dbtx.Queryer, c domain.Consent) (bool, error)
	GetConsent(ctx context.Context, q dbtx.Queryer, applicationID, version string) (domain.Consent, error)
	ExpireConsents(ctx context.Context, at time.Time) (int64, error)
	WithdrawApplication(ctx context.Context, id string, at time.Time) error
}

// Service implements application intake.
type Service struct {
	store Store
	newID func() string
	now   func() time.Time

	// consentTTL is how long an FCRA authorization stays usable.
	consentTTL         time.Duration
	disclosureVersions map[string]bool
}

func NewService(st Store, newID func() string) *Service {
	return &Service{
		store:              st,
		newID:              newID,
		now:                time.Now,
		consentTTL:         30 * 24 * time.Hour,
		disclosureVersions: map[string]bool{"fcra-2024-01": true, "fcra-2025-06": true},
	}
}

// CreateInput is the body of POST /v1/applications.
type CreateInput struct {
	PropertyID  string           `json:"property_id"`
	Applicant   domain.Applicant `json:"applicant"`
	MonthlyRent int64            `json:"monthly_rent_cents"`
}

func (in CreateInput) validate() error {
	if in.PropertyID == "" {
		return domain.Invalid("property_id", "required")
	}
	if in.MonthlyRent <= 0 {
		return domain.Invalid("monthly_rent_cents", "must be positive")
	}
	return validateApplicant(in.Applicant)
}

func validateApplicant(a domain.Applicant) error {
	switch {
	case strings.TrimSpace(a.FirstName) == "":
		return domain.Invalid("applicant.first_name", "required")
	case strings.TrimSpace(a.LastName) == "":
		return domain.Invalid("applicant.last_name", "required")
	case a.DateOfBirth.IsZero():
		return domain.Invalid("applicant.date_of_birth", "required")
	case len(a.SSNLast4) != 4:
		return domain.Invalid("applicant.ssn_last4", "must be four digits")
	}
	if _, err := mail.ParseAddress(a.Email); err != nil {
		return domain.Invalid("applicant.email", "invalid")
	}
	return a.Address.Validate("applicant.address")
}

// Replay is a stored response returned for a repeated Idempotency-Key.
type Replay struct {
	StatusCode int
	Body       []byte
}

// Create files a new application. The caller's Idempotency-Key is stored in
// the same transaction as the application, so a retried request gets the
// original response back instead of a second application.
func (s *Service) Create(ctx context.Context, managerID, idemKey string, in CreateInput) (domain.Application, *Replay, error) {
	if idemKey == "" {
		return domain.Application{}, nil, domain.Invalid("Idempotency-Key", "header is required")
	}
	if err := in.validate(); err != nil {
		return domain.Application{}, nil, err
	}
	if _, err := s.store.GetProperty(ctx, managerID, in.PropertyID); err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Application{}, nil, domain.Invalid("property_id", "unknown property")
		}
		return domain.Application{}, nil, err
	}
	hash, err := requestHash(in)
	if err != nil {
		return domain.Application{}, nil, err
	}

	var app domain.Application
	var replay *Replay
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		prior, found, err := s.store.LookupIdempotencyKey(ctx, tx, managerID, idemKey)
		if err != nil {
			return err
		}
		if found {
			if prior.RequestHash != hash {
				return fmt.Errorf("Idempotency-Key reused with a different body: %w", domain.ErrConflict)
			}
			replay = &Replay{StatusCode: prior.ResponseCode, Body: prior.ResponseBody}
			return nil
		}
		now := s.now().UTC()
		app = domain.Application{
			ID:          "app_" + s.newID(),
			ManagerID:   managerID,
			PropertyID:  in.PropertyID,
			Status:      domain.AppPendingConsent,
			Applicant:   in.Applicant,
			MonthlyRent: in.MonthlyRent,
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		if err := s.store.InsertApplication(ctx, tx, app); err != nil {
			return fmt.Errorf("insert application: %w", err)
		}
		body, err := json.Marshal(app)
		if err != nil {
			return err
		}
		return s.store.SaveIdempotencyKey(ctx, tx, store.IdempotencyRecord{
			ManagerID:    managerID,
			Key:          idemKey,
			RequestHash:  hash,
			ResourceID:   app.ID,
			ResponseCode: http.StatusCreated,
			ResponseBody: body,
		})
	})
	if err != nil {
		return domain.Application{}, nil, err
	}
	return app, replay, nil
}

func requestHash(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// PartnerSubmission is an application pushed by a partner portal.
type PartnerSubmission struct {
	PartnerID   string
	PartnerRef  string
	ManagerID   string
	PropertyID  string
	Applicant   domain.Applicant
	MonthlyRent int64
}

// SubmitFromPartner files an application on behalf of a partner portal. The
// partner's reference is unique per partner; a resubmission returns the
// application created the first time.
func (s *Service) SubmitFromPartner(ctx context.Context, in PartnerSubmission) (domain.Application, bool, error) {
	if in.PartnerRef == "" {
		return domain.Application{}, false, domain.Invalid("partner_ref", "required")
	}
	if err := validateApplicant(in.Applicant); err != nil {
		return domain.Application{}, false, err
	}
	if _, err := s.store.GetProperty(ctx, in.ManagerID, in.PropertyID); err != nil {
		return domain.Application{}, false, fmt.Errorf("property %s: %w", in.PropertyID, err)
	}
	now := s.now().UTC()
	app := domain.Application{
		ID:          "app_" + s.newID(),
		ManagerID:   in.ManagerID,
		PropertyID:  in.PropertyID,
		PartnerID:   in.PartnerID,
		PartnerRef:  in.PartnerRef,
		Status:      domain.AppPendingConsent,
		Applicant:   in.Applicant,
		MonthlyRent: in.MonthlyRent,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	inserted, err := s.store.InsertPartnerApplication(ctx, app)
	if err != nil {
		return domain.Application{}, false, err
	}
	if !inserted {
		existing, err := s.store.ApplicationByPartnerRef(ctx, in.PartnerID, in.PartnerRef)
		return existing, false, err
	}
	return app, true, nil
}

// UpsertProperty creates or updates a property by external reference.
func (s *Service) UpsertProperty(ctx context.Context, managerID, externalRef, name string, addr domain.Address) (domain.Property, bool, error) {
	if externalRef == "" {
		return domain.Property{}, false, domain.Invalid("external_ref", "required")
	}
	if err := addr.Validate("address"); err != nil {
		return domain.Property{}, false, err
	}
	return s.store.UpsertProperty(ctx, domain.Property{
		ID:          "prop_" + s.newID(),
		ManagerID:   managerID,
		ExternalRef: externalRef,
		Name:        name,
		Address:     addr,
	})
}

// Get returns an application owned by the manager.
func (s *Service) Get(ctx context.Context, managerID, id string) (domain.Application, error) {
	return s.store.ApplicationForManager(ctx, managerID, id)
}

// ReplaceApplicant overwrites the applicant details (PUT semantics).
func (s *Service) ReplaceApplicant(ctx context.Context, managerID, id string, ap domain.Applicant) (domain.Application, error) {
	if err := validateApplicant(ap); err != nil {
		return domain.Application{}, err
	}
	ok, err := s.store.ReplaceApplicant(ctx, managerID, id, ap)
	if err != nil {
		return domain.Application{}, err
	}
	if !ok {
		if _, getErr := s.store.ApplicationForManager(ctx, managerID, id); getErr != nil {
			return domain.Application{}, getErr
		}
		return domain.Application{}, fmt.Errorf("applicant details are locked once screening starts: %w", domain.ErrConflict)
	}
	return s.store.ApplicationForManager(ctx, managerID, id)
}

// ConsentInput is the applicant's signature on the FCRA disclosure.
type ConsentInput struct {
	DisclosureVersion string `json:"disclosure_version"`
	SignedName        string `json:"signed_name"`
	IPAddress         string `json:"-"`
	UserAgent         string `json:"-"`
}

// RecordConsent stores the applicant's authorization to pull reports. Signing
// the same disclosure version twice returns the original consent.
func (s *Service) RecordConsent(ctx context.Context, managerID, applicationID string, in ConsentInput) (domain.Consent, bool, error) {
	if !s.disclosureVersions[in.DisclosureVersion] {
		return domain.Consent{}, false, domain.Invalid("disclosure_version", "unknown disclosure version")
	}
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return domain.Consent{}, false, err
	}
	if !strings.EqualFold(strings.TrimSpace(in.SignedName), app.Applicant.FullName()) {
		return domain.Consent{}, false, domain.Invalid("signed_name", "must match the applicant's name")
	}
	now := s.now().UTC()
	c := domain.Consent{
		ID:                "con_" + s.newID(),
		ApplicationID:     app.ID,
		DisclosureVersion: in.DisclosureVersion,
		SignedName:        in.SignedName,
		IPAddress:         in.IPAddress,
		UserAgent:         in.UserAgent,
		SignedAt:          now,
		ExpiresAt:         now.Add(s.consentTTL),
	}
	var created bool
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		inserted, err := s.store.InsertConsent(ctx, tx, c)
		if err != nil {
			return err
		}
		if !inserted {
			c, err = s.store.GetConsent(ctx, tx, app.ID, in.DisclosureVersion)
			return err
		}
		created = true
		_, err = s.store.TransitionApplication(ctx, tx, app.ID, []string{domain.AppPendingConsent}, domain.AppConsented)
		return err
	})
	return c, created, err
}

// ExpireConsents is run by the sweeper job.
func (s *Service) ExpireConsents(ctx context.Context) (int64, error) {
	return s.store.ExpireConsents(ctx, s.now())
}

// Withdraw records the applicant withdrawing their application.
func (s *Service) Withdraw(ctx context.Context, managerID, id string) (domain.Application, error) {
	app, err := s.store.ApplicationForManager(ctx, managerID, id)
	if err != nil {
		return domain.Application{}, err
	}
	if err := s.store.WithdrawApplication(ctx, app.ID, s.now().UTC()); err != nil {
		return domain.Application{}, err
	}
	return s.store.ApplicationForManager(ctx, managerID, app.ID)
}
