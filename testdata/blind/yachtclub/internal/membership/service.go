// Package membership handles applications, sponsor approvals, the committee
// decision and provisioning of new members.
package membership

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/notify"
	"github.com/tidewater-yc/clubhouse/internal/payments"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Service is the membership use-case surface.
type Service interface {
	Submit(ctx context.Context, in SubmitInput) (*domain.MembershipApplication, bool, error)
	ApproveBySponsor(ctx context.Context, applicationID, sponsorID, note string) (*domain.MembershipApplication, error)
	Decide(ctx context.Context, in DecisionInput) (*DecisionResult, error)
	Provision(ctx context.Context, memberID string) error
}

type SubmitInput struct {
	SubmissionToken string
	ApplicantName   string
	Email           string
	Phone           string
	BoatName        string
	BoatLengthFt    int
	MembershipClass string
}

type DecisionInput struct {
	ApplicationID string
	Approve       bool
	Note          string
	DecidedBy     string
}

type DecisionResult struct {
	Application *domain.MembershipApplication `json:"application"`
	Member      *domain.Member                `json:"member,omitempty"`
}

var membershipClasses = map[string]bool{
	"full": true, "family": true, "junior": true, "associate": true, "non_resident": true,
}

type service struct {
	db       bun.IDB
	uow      uow.UnitOfWork
	repos    *store.Repos
	enqueuer jobs.Enqueuer
	gateway  payments.Gateway
	mailer   notify.Mailer
	newID    ids.Generator
	now      func() time.Time
}

// New builds the membership service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, enq jobs.Enqueuer, gw payments.Gateway, mailer notify.Mailer) Service {
	return &service{db: db, uow: u, repos: repos, enqueuer: enq, gateway: gw, mailer: mailer,
		newID: ids.ULIDs, now: time.Now}
}

// Submit records an application from the public join form. The form mints a
// submission token when it is rendered, so a double-clicked or retried
// submit lands on the same application.
func (s *service) Submit(ctx context.Context, in SubmitInput) (*domain.MembershipApplication, bool, error) {
	if in.SubmissionToken == "" {
		return nil, false, httpx.Invalid("submission_token is required")
	}
	if !membershipClasses[in.MembershipClass] {
		return nil, false, httpx.Invalid("unknown membership class %q", in.MembershipClass)
	}
	app := &domain.MembershipApplication{
		ID:              s.newID(),
		SubmissionToken: in.SubmissionToken,
		ApplicantName:   strings.TrimSpace(in.ApplicantName),
		Email:           strings.ToLower(strings.TrimSpace(in.Email)),
		Phone:           in.Phone,
		BoatName:        in.BoatName,
		BoatLengthFt:    in.BoatLengthFt,
		MembershipClass: in.MembershipClass,
		Status:          domain.AppSubmitted,
		CreatedAt:       s.now(),
	}
	created, err := s.repos.Applications.InsertIfAbsent(ctx, s.db, app)
	if err != nil {
		return nil, false, fmt.Errorf("insert application: %w", err)
	}
	if created {
		return app, true, nil
	}
	existing, err := s.repos.Applications.GetByToken(ctx, s.db, in.SubmissionToken)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// ApproveBySponsor records a member's sponsorship. Two sponsors second an
// application and put it in front of the committee.
func (s *service) ApproveBySponsor(ctx context.Context, applicationID, sponsorID, note string) (*domain.MembershipApplication, error) {
	var out *domain.MembershipApplication
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		app, err := s.repos.Applications.GetForUpdate(ctx, tx, applicationID)
		if err != nil {
			return mapNotFound(err)
		}
		if app.Status != domain.AppSubmitted && app.Status != domain.AppSeconded {
			return httpx.Conflict("application is %s", app.Status)
		}
		sponsor, err := s.repos.Members.Get(ctx, tx, sponsorID)
		if err != nil {
			return mapNotFound(err)
		}
		if sponsor.Status != domain.MemberActive {
			return httpx.Conflict("sponsor is not an active member")
		}
		if _, err := s.repos.Sponsors.InsertIfAbsent(ctx, tx, &domain.SponsorApproval{
			ID:              s.newID(),
			ApplicationID:   applicationID,
			SponsorMemberID: sponsorID,
			Note:            note,
			ApprovedAt:      s.now(),
		}); err != nil {
			return fmt.Errorf("record sponsor: %w", err)
		}
		count, err := s.repos.Sponsors.Count(ctx, tx, applicationID)
		if err != nil {
			return err
		}
		status := domain.AppSubmitted
		if count >= domain.RequiredSponsors {
			status = domain.AppSeconded
		}
		if err := s.repos.Applications.SetSponsorCount(ctx, tx, applicationID, count, status); err != nil {
			return err
		}
		app.SponsorCount, app.Status = count, status
		out = app
		return nil
	})
	return out, err
}

// Decide applies the committee's decision. Approval creates the member, opens
// their house account and queues provisioning, all in one transaction.
func (s *service) Decide(ctx context.Context, in DecisionInput) (*DecisionResult, error) {
	var res DecisionResult
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		app, err := s.repos.Applications.GetForUpdate(ctx, tx, in.ApplicationID)
		if err != nil {
			return mapNotFound(err)
		}
		switch {
		case app.Status == domain.AppApproved && in.Approve:
			m, err := s.repos.Members.GetByApplication(ctx, tx, app.ID)
			if err != nil {
				return err
			}
			res = DecisionResult{Application: app, Member: m}
			return nil
		case app.Status == domain.AppDeclined && !in.Approve:
			res = DecisionResult{Application: app}
			return nil
		case app.Status != domain.AppSeconded:
			return httpx.Conflict("application is %s", app.Status)
		}

		now := s.now()
		if !in.Approve {
			if _, err := s.repos.Applications.Decide(ctx, tx, app.ID, domain.AppDeclined, in.Note, "", now); err != nil {
				return err
			}
			app.Status = domain.AppDeclined
			res = DecisionResult{Application: app}
			return nil
		}

		m := &domain.Member{
			ID:              s.newID(),
			ApplicationID:   app.ID,
			Name:            app.ApplicantName,
			Email:           app.Email,
			Phone:           app.Phone,
			MembershipClass: app.MembershipClass,
			Status:          domain.MemberActive,
			JoinedAt:        now,
		}
		if _, err := s.repos.Members.InsertForApplication(ctx, tx, m); err != nil {
			return fmt.Errorf("insert member: %w", err)
		}
		m, err = s.repos.Members.GetByApplication(ctx, tx, app.ID)
		if err != nil {
			return err
		}
		if _, err := s.repos.Applications.Decide(ctx, tx, app.ID, domain.AppApproved, in.Note, m.ID, now); err != nil {
			return err
		}
		if err := s.repos.Accounts.Open(ctx, tx, m.ID, now); err != nil {
			return fmt.Errorf("open account: %w", err)
		}
		if err := s.enqueuer.EnqueueTx(ctx, tx, jobs.ProvisionMemberArgs{MemberID: m.ID}, nil); err != nil {
			return err
		}
		payload, _ := json.Marshal(map[string]any{"member_id": m.ID, "member_number": m.MemberNumber, "class": m.MembershipClass})
		if err := s.repos.Events.AddOutbox(ctx, tx, &domain.OutboxEvent{
			ID:        "member.activated:" + m.ID,
			Topic:     kafka.TopicMembership,
			EventType: "member.activated",
			PartKey:   m.ID,
			Payload:   payload,
			CreatedAt: now,
		}); err != nil {
			return err
		}
		app.Status, app.MemberID = domain.AppApproved, m.ID
		res = DecisionResult{Application: app, Member: m}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// Provision creates the member's Stripe customer and sends the welcome
// email. It runs from the provision_member job.
func (s *service) Provision(ctx context.Context, memberID string) error {
	m, err := s.repos.Members.Get(ctx, s.db, memberID)
	if err != nil {
		return err
	}
	if m.StripeCustomerID == "" {
		customerID, err := s.gateway.CreateCustomer(ctx, payments.CustomerRequest{
			MemberID:       m.ID,
			Name:           m.Name,
			Email:          m.Email,
			Phone:          m.Phone,
			IdempotencyKey: "member-customer-" + m.ID,
		})
		if err != nil {
			return err
		}
		if err := s.repos.Members.SetStripeCustomer(ctx, s.db, m.ID, customerID); err != nil {
			return fmt.Errorf("save stripe customer: %w", err)
		}
	}

	html, err := notify.Render("welcome", map[string]any{
		"Name": m.Name, "MemberNumber": m.MemberNumber, "Year": m.JoinedAt.Year(),
	})
	if err != nil {
		return err
	}
	_, err = s.mailer.Send(ctx, notify.Email{
		To:      m.Email,
		Subject: "Welcome to Tidewater Yacht Club",
		HTML:    html,
		Tags:    map[string]string{"kind": "welcome"},
	}, notify.WithIdempotencyKey("welcome-"+m.ID))
	return err
}

func mapNotFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Wrap(httpx.ErrNotFound, err)
	}
	return err
}
