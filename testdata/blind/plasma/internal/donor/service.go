package donor

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/providers/cardissuer"
)

// Service is the donor use-case API consumed by the gRPC handlers and by
// other domains.
type Service interface {
	Register(ctx context.Context, in RegisterInput) (Donor, error)
	Get(ctx context.Context, id string) (Donor, error)
	UpdateContact(ctx context.Context, u ContactUpdate) (Donor, error)
	RecordConsent(ctx context.Context, c Consent) (bool, error)
	RecordDeferral(ctx context.Context, in DeferralInput) (Deferral, error)
}

// Cardholders is the slice of the card issuer the donor service uses.
type Cardholders interface {
	CreateCardholder(ctx context.Context, req cardissuer.CardholderRequest) (cardissuer.Cardholder, error)
}

type service struct {
	store   *pgstore.Store
	repo    Repository
	issuer  Cardholders
	jobs    jobs.Inserter
	ids     ids.Generator
	now     clock.Now
	log     *slog.Logger
	hashNID func(string) string
}

// NewService wires the donor service.
func NewService(store *pgstore.Store, repo Repository, issuer Cardholders, inserter jobs.Inserter,
	gen ids.Generator, now clock.Now, log *slog.Logger) Service {
	return &service{
		store:   store,
		repo:    repo,
		issuer:  issuer,
		jobs:    inserter,
		ids:     gen,
		now:     now,
		log:     log.With("component", "donor"),
		hashNID: hashNationalID,
	}
}

// hashNationalID normalises a government id (drop separators, upper-case)
// and hashes it. We never store the raw number.
func hashNationalID(nid string) string {
	var b strings.Builder
	for _, r := range nid {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	sum := sha256.Sum256([]byte("plasmaops/nid/v1:" + b.String()))
	return hex.EncodeToString(sum[:])
}

func validateRegistration(in RegisterInput, now time.Time) error {
	switch {
	case strings.TrimSpace(in.NationalID) == "":
		return apperr.Invalid("national id is required")
	case strings.TrimSpace(in.FirstName) == "" || strings.TrimSpace(in.LastName) == "":
		return apperr.Invalid("first and last name are required")
	case in.Phone == "":
		return apperr.Invalid("phone is required")
	case in.HomeCentreID == "":
		return apperr.Invalid("home centre is required")
	}
	age := now.Year() - in.DateOfBirth.Year()
	if now.YearDay() < in.DateOfBirth.YearDay() {
		age--
	}
	if age < 18 || age > 69 {
		return apperr.Invalid("donor must be between 18 and 69 years old")
	}
	return nil
}

// Register creates the donor record and the donor's cardholder account at
// the card issuer so a compensation card can be issued at the first visit.
func (s *service) Register(ctx context.Context, in RegisterInput) (Donor, error) {
	now := s.now()
	if err := validateRegistration(in, now); err != nil {
		return Donor{}, err
	}
	id := s.ids.New()

	holder, err := s.issuer.CreateCardholder(ctx, cardissuer.CardholderRequest{
		ExternalRef: id,
		FirstName:   in.FirstName,
		LastName:    in.LastName,
		DateOfBirth: in.DateOfBirth.Format("2006-01-02"),
		Phone:       in.Phone,
		Email:       in.Email,
		Address: cardissuer.Address{
			Line1:      in.Address.Line1,
			Line2:      in.Address.Line2,
			City:       in.Address.City,
			Region:     in.Address.Region,
			PostalCode: in.Address.PostalCode,
			Country:    in.Address.Country,
		},
	})
	if err != nil {
		return Donor{}, fmt.Errorf("register donor: %w", err)
	}

	d := Donor{
		ID:             id,
		NationalIDHash: s.hashNID(in.NationalID),
		FirstName:      strings.TrimSpace(in.FirstName),
		LastName:       strings.TrimSpace(in.LastName),
		DateOfBirth:    in.DateOfBirth,
		Phone:          in.Phone,
		Email:          strings.ToLower(strings.TrimSpace(in.Email)),
		HomeCentreID:   in.HomeCentreID,
		CardholderRef:  holder.ID,
		Status:         StatusActive,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	inserted, err := s.repo.InsertDonor(ctx, s.store.DB(), d)
	if err != nil {
		return Donor{}, err
	}
	if !inserted {
		// Already registered (returning donor at another centre): hand back
		// the existing record.
		existing, err := s.repo.GetByNationalIDHash(ctx, s.store.DB(), d.NationalIDHash)
		if err != nil {
			return Donor{}, err
		}
		s.log.Info("registration matched existing donor", "donor_id", existing.ID)
		return existing, nil
	}
	s.log.Info("donor registered", "donor_id", d.ID, "centre_id", d.HomeCentreID)
	return d, nil
}

func (s *service) Get(ctx context.Context, id string) (Donor, error) {
	return s.repo.GetDonor(ctx, s.store.DB(), id)
}

// UpdateContact overwrites phone and/or email.
func (s *service) UpdateContact(ctx context.Context, u ContactUpdate) (Donor, error) {
	if u.Phone == "" && u.Email == "" {
		return Donor{}, apperr.Invalid("nothing to update")
	}
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	if err := s.repo.UpdateContact(ctx, s.store.DB(), u, s.now()); err != nil {
		return Donor{}, err
	}
	return s.repo.GetDonor(ctx, s.store.DB(), u.DonorID)
}

// RecordConsent stores a signed consent form. It reports whether the form
// was new for this donor.
func (s *service) RecordConsent(ctx context.Context, c Consent) (bool, error) {
	if c.FormVersion == "" || c.WitnessedBy == "" {
		return false, apperr.Invalid("form version and witness are required")
	}
	if c.SignedAt.IsZero() {
		c.SignedAt = s.now()
	}
	return s.repo.InsertConsent(ctx, s.store.DB(), c)
}

// RecordDeferral bars the donor for the configured period, updates the
// donor's status and queues a notice to the donor.
func (s *service) RecordDeferral(ctx context.Context, in DeferralInput) (Deferral, error) {
	days, known := DefaultDays(in.ReasonCode)
	if !known {
		return Deferral{}, apperr.Invalid("unknown deferral reason %q", in.ReasonCode)
	}
	if days < 0 {
		if in.Days <= 0 {
			return Deferral{}, apperr.Invalid("deferral length is required for reason %s", in.ReasonCode)
		}
		days = in.Days
	}
	now := s.now()
	startsOn := in.StartsOn
	if startsOn.IsZero() {
		startsOn = clock.StartOfDay(now, time.UTC)
	}
	d := Deferral{
		ID:         s.ids.New(),
		DonorID:    in.DonorID,
		ReasonCode: in.ReasonCode,
		StartsOn:   startsOn,
		RecordedBy: in.RecordedBy,
		Notes:      in.Notes,
		CreatedAt:  now,
	}
	status := StatusPermanentlyDeferred
	if days > 0 {
		end := startsOn.AddDate(0, 0, days)
		d.EndsOn = &end
		status = StatusDeferred
	}

	var stored Deferral
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		if _, err := s.repo.GetDonor(ctx, tx, in.DonorID); err != nil {
			return err
		}
		var err error
		stored, err = s.repo.UpsertDeferral(ctx, tx, d)
		if err != nil {
			return err
		}
		if err := s.repo.SetStatus(ctx, tx, in.DonorID, status, now); err != nil {
			return err
		}
		noticeID := s.ids.New()
		_, err = s.jobs.InsertTx(ctx, tx, jobs.DeferralNoticeArgs{
			DonorID:    in.DonorID,
			DeferralID: stored.ID,
			NoticeID:   noticeID,
		}, &river.InsertOpts{
			Queue:      jobs.QueueNotify,
			UniqueOpts: river.UniqueOpts{ByArgs: true},
		})
		return err
	})
	if err != nil {
		return Deferral{}, err
	}
	return stored, nil
}
