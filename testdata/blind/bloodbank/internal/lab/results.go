// Package lab applies screening and confirmatory results delivered by the
// regional laboratory and submits sample manifests to it.
package lab

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/platform/events"
	"github.com/hemolink-systems/bloodbank/internal/providers/letters"
)

// Message is the body of a lab result notification on the queue.
type Message struct {
	MessageID      string       `json:"message_id"`
	Kind           string       `json:"kind"` // "screening" or "confirmatory"
	DonationNumber string       `json:"donation_number"`
	ReportedAt     time.Time    `json:"reported_at"`
	Results        []TestResult `json:"results,omitempty"`

	// Confirmatory fields.
	Marker            string `json:"marker,omitempty"`
	ConfirmedPositive bool   `json:"confirmed_positive,omitempty"`
	DeferralDays      int    `json:"deferral_days,omitempty"` // 0 = permanent
}

type TestResult struct {
	TestCode string `json:"test_code"`
	Outcome  string `json:"outcome"`
}

// MandatoryPanel lists the screening tests every donation needs before
// its components may be released.
var MandatoryPanel = []string{"ABO_RH", "HBSAG", "HCV_NAT", "HIV_NAT", "HIV_AB", "SYPHILIS"}

// DonationLookup resolves donations by ISBT number.
type DonationLookup interface {
	GetByNumber(ctx context.Context, number string) (domain.Donation, error)
}

// DonorLookup loads donor contact details.
type DonorLookup interface {
	GetDonor(ctx context.Context, id uuid.UUID) (domain.Donor, error)
}

// LetterSender posts letters to donors.
type LetterSender interface {
	Send(ctx context.Context, l letters.Letter) (letters.Receipt, error)
}

// ResultService applies lab messages.
type ResultService struct {
	repo      Repository
	tx        database.TxRunner
	donations DonationLookup
	donors    DonorLookup
	letters   LetterSender
	events    events.Publisher
	now       func() time.Time
}

func NewResultService(repo Repository, tx database.TxRunner, donations DonationLookup, donors DonorLookup,
	lettersClient LetterSender, pub events.Publisher) *ResultService {
	return &ResultService{
		repo: repo, tx: tx, donations: donations, donors: donors,
		letters: lettersClient, events: pub, now: time.Now,
	}
}

// Handle dispatches a lab message by kind.
func (s *ResultService) Handle(ctx context.Context, msg Message) error {
	switch msg.Kind {
	case "screening":
		return s.applyScreening(ctx, msg)
	case "confirmatory":
		return s.applyConfirmatory(ctx, msg)
	default:
		slog.WarnContext(ctx, "ignoring lab message of unknown kind", "kind", msg.Kind, "message_id", msg.MessageID)
		return nil
	}
}

func (s *ResultService) applyScreening(ctx context.Context, msg Message) error {
	d, err := s.donations.GetByNumber(ctx, msg.DonationNumber)
	if err != nil {
		return err
	}
	for _, tr := range msg.Results {
		res := Result{
			ID:           uuid.New(),
			DonationID:   d.ID,
			TestCode:     tr.TestCode,
			Outcome:      tr.Outcome,
			LabMessageID: msg.MessageID,
			ReportedAt:   msg.ReportedAt,
			ReceivedAt:   s.now().UTC(),
		}
		if err := s.repo.InsertResult(ctx, res); err != nil {
			return fmt.Errorf("store %s for %s: %w", tr.TestCode, d.DonationNumber, err)
		}
	}

	all, err := s.repo.ResultsFor(ctx, d.ID)
	if err != nil {
		return err
	}
	switch panelState(all) {
	case panelIncomplete:
		return nil
	case panelReactive:
		// Held in quarantine until the confirmatory result arrives.
		slog.InfoContext(ctx, "donation held pending confirmatory testing", "donation", d.DonationNumber)
		return nil
	}

	err = s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		released, err := s.repo.ReleaseDonation(ctx, tx, d.ID)
		if err != nil || !released {
			return err
		}
		n, err := s.repo.ReleaseComponents(ctx, tx, d.ID)
		if err != nil {
			return err
		}
		slog.InfoContext(ctx, "donation released", "donation", d.DonationNumber, "components", n)
		return nil
	})
	if err != nil {
		return err
	}

	// Published on every delivery that finds the donation released, with an
	// ID derived from the donation, so a crash after the commit still gets
	// the event out and consumers see one message ID per donation.
	return s.events.Publish(ctx, events.TopicDonationReleased, "donation-released:"+d.DonationNumber,
		events.DonationReleased{
			DonationID:     d.ID.String(),
			DonationNumber: d.DonationNumber,
			DonorID:        d.DonorID.String(),
			ReleasedAt:     s.now().UTC(),
		})
}

func (s *ResultService) applyConfirmatory(ctx context.Context, msg Message) error {
	if !msg.ConfirmedPositive {
		slog.InfoContext(ctx, "confirmatory negative, donation stays quarantined for review",
			"donation", msg.DonationNumber, "marker", msg.Marker)
		return nil
	}
	d, err := s.donations.GetByNumber(ctx, msg.DonationNumber)
	if err != nil {
		return err
	}
	donor, err := s.donors.GetDonor(ctx, d.DonorID)
	if err != nil {
		return err
	}
	var until *time.Time
	if msg.DeferralDays > 0 {
		t := msg.ReportedAt.AddDate(0, 0, msg.DeferralDays)
		until = &t
	}

	// The donor hears from us before anything else happens: the letter
	// invites them to a counselling appointment.
	receipt, err := s.letters.Send(ctx, letters.Letter{
		Template:   "deferral-confirmed-reactive",
		Recipient:  donor.FullName,
		Address:    donor.PostalAddress,
		Email:      donor.Email,
		Confidence: "medical-in-confidence",
		Merge: map[string]string{
			"donation_number": d.DonationNumber,
			"marker":          msg.Marker,
			"deferral_days":   strconv.Itoa(msg.DeferralDays),
		},
	})
	if err != nil {
		return fmt.Errorf("deferral letter: %w", err)
	}

	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.repo.InsertDeferral(ctx, tx, Deferral{
			ID:            uuid.New(),
			DonorID:       donor.ID,
			DonationID:    d.ID,
			Reason:        "confirmed reactive " + msg.Marker + " (letter " + receipt.LetterID + ")",
			DeferredUntil: until,
		}); err != nil {
			return err
		}
		if err := s.repo.DeferDonor(ctx, tx, donor.ID, until); err != nil {
			return err
		}
		return s.repo.DiscardDonation(ctx, tx, d.ID)
	})
}

type panel int

const (
	panelIncomplete panel = iota
	panelNegative
	panelReactive
)

func panelState(results []Result) panel {
	seen := make(map[string]string, len(results))
	for _, r := range results {
		seen[r.TestCode] = r.Outcome
	}
	state := panelNegative
	for _, code := range MandatoryPanel {
		outcome, ok := seen[code]
		if !ok || outcome == "invalid" {
			return panelIncomplete
		}
		if code != "ABO_RH" && outcome == "reactive" {
			state = panelReactive
		}
	}
	return state
}
