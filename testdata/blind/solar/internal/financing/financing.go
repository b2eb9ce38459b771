// Package financing runs loan applications through the lending partner.
package financing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/clients/lending"
	"github.com/sunrail/installs/internal/customers"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/httpx"
	"github.com/sunrail/installs/internal/platform/ids"
)

// Application statuses.
const (
	StatusDraft     = "draft"
	StatusSubmitted = "submitted"
	StatusDecided   = "decided"
	StatusAccepted  = "accepted"
	StatusFunded    = "funded"
	StatusDeclined  = "declined"
)

// Application is our record of a loan application.
type Application struct {
	ID              uuid.UUID `json:"id"`
	ContractID      uuid.UUID `json:"contract_id"`
	PartnerRef      string    `json:"partner_ref,omitempty"`
	ProductCode     string    `json:"product_code"`
	RequestedCents  int64     `json:"requested_cents"`
	TermMonths      int       `json:"term_months"`
	Status          string    `json:"status"`
	AcceptedOfferID string    `json:"accepted_offer_id,omitempty"`
	LoanRef         string    `json:"loan_ref,omitempty"`
	Offers          []Offer   `json:"offers,omitempty"`
}

// Offer is a loan offer returned by the partner.
type Offer struct {
	ID           string  `json:"id"`
	APR          float64 `json:"apr"`
	TermMonths   int     `json:"term_months"`
	MonthlyCents int64   `json:"monthly_cents"`
}

// ApplyInput is what the homeowner fills in on the financing step.
type ApplyInput struct {
	ContractID   uuid.UUID `json:"contract_id"`
	ProductCode  string    `json:"product_code"`
	TermMonths   int       `json:"term_months"`
	SSNLast4     string    `json:"ssn_last4"`
	AnnualIncome int64     `json:"annual_income_cents"`
	DealerCode   string    `json:"dealer_code"`
}

// Lender is the part of the lending client the service uses.
type Lender interface {
	SubmitApplication(ctx context.Context, app lending.Application, opts ...lending.RequestOption) (*lending.ApplicationResult, error)
	AcceptOffer(ctx context.Context, applicationRef, offerID string, opts ...lending.RequestOption) (*lending.Acceptance, error)
}

// ContractReader loads contract facts needed for an application.
type ContractReader interface {
	ContractAmount(ctx context.Context, id uuid.UUID) (total int64, customerID uuid.UUID, site string, kw float64, err error)
}

// CustomerReader loads the borrower.
type CustomerReader interface {
	Get(ctx context.Context, id uuid.UUID) (customers.Profile, error)
}

// Service implements the financing use cases.
type Service struct {
	repo      *Repository
	lender    Lender
	contracts ContractReader
	customers CustomerReader
	tx        database.TxManager
}

// NewService builds a Service.
func NewService(repo *Repository, lender Lender, contracts ContractReader, cust CustomerReader, tx database.TxManager) *Service {
	return &Service{repo: repo, lender: lender, contracts: contracts, customers: cust, tx: tx}
}

// Apply creates (or reuses) the contract's application and submits it to the
// lending partner.
func (s *Service) Apply(ctx context.Context, in ApplyInput, correlationID string) (Application, error) {
	if in.ContractID == uuid.Nil || in.ProductCode == "" || in.TermMonths == 0 {
		return Application{}, errors.Join(httpx.ErrBadRequest, errors.New("contract_id, product_code and term_months are required"))
	}
	total, customerID, site, kw, err := s.contracts.ContractAmount(ctx, in.ContractID)
	if err != nil {
		return Application{}, err
	}
	app, err := s.repo.Upsert(ctx, Application{
		ID:             uuid.New(),
		ContractID:     in.ContractID,
		ProductCode:    in.ProductCode,
		RequestedCents: total,
		TermMonths:     in.TermMonths,
		Status:         StatusDraft,
	})
	if err != nil {
		return Application{}, err
	}
	if app.PartnerRef != "" {
		return s.repo.GetWithOffers(ctx, app.ID)
	}
	borrower, err := s.customers.Get(ctx, customerID)
	if err != nil {
		return Application{}, err
	}

	res, err := s.lender.SubmitApplication(ctx, lending.Application{
		ExternalRef:    app.ID.String(),
		Applicant:      toApplicant(borrower, in),
		PropertyAddr:   site,
		AmountCents:    total,
		TermMonths:     in.TermMonths,
		ProductCode:    in.ProductCode,
		SystemSizeWatt: int64(kw * 1000),
	}, lending.WithCorrelationID(correlationID), lending.WithDealer(in.DealerCode))
	if err != nil {
		return Application{}, fmt.Errorf("submit to lender: %w", err)
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		status := StatusSubmitted
		if len(res.Offers) > 0 {
			status = StatusDecided
		}
		if res.Status == "declined" {
			status = StatusDeclined
		}
		if err := s.repo.SetPartnerRef(ctx, app.ID, res.ApplicationRef, status); err != nil {
			return err
		}
		for _, o := range res.Offers {
			if err := s.repo.SaveOffer(ctx, app.ID, Offer{ID: o.ID, APR: o.APR, TermMonths: o.TermMonths, MonthlyCents: o.Monthly}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Application{}, err
	}
	return s.repo.GetWithOffers(ctx, app.ID)
}

func toApplicant(p customers.Profile, in ApplyInput) lending.Applicant {
	first, last := splitName(p.FullName)
	return lending.Applicant{
		FirstName:    first,
		LastName:     last,
		Email:        p.Email,
		Phone:        p.Phone,
		SSNLast4:     in.SSNLast4,
		AnnualIncome: in.AnnualIncome,
	}
}

func splitName(full string) (string, string) {
	for i := len(full) - 1; i >= 0; i-- {
		if full[i] == ' ' {
			return full[:i], full[i+1:]
		}
	}
	return full, ""
}

// AcceptOffer accepts one of the partner's offers on the homeowner's behalf.
func (s *Service) AcceptOffer(ctx context.Context, appID uuid.UUID, offerID string) (Application, error) {
	app, err := s.repo.GetWithOffers(ctx, appID)
	if err != nil {
		return Application{}, err
	}
	if app.Status == StatusAccepted || app.Status == StatusFunded {
		if app.AcceptedOfferID != offerID {
			return app, errors.Join(httpx.ErrConflict, errors.New("another offer was already accepted"))
		}
		return app, nil
	}
	if app.Status != StatusDecided {
		return app, errors.Join(httpx.ErrConflict, fmt.Errorf("application is %s", app.Status))
	}
	if !hasOffer(app.Offers, offerID) {
		return app, errors.Join(httpx.ErrBadRequest, errors.New("unknown offer"))
	}

	acc, err := s.lender.AcceptOffer(ctx, app.PartnerRef, offerID,
		lending.WithIdempotencyKey(ids.Derived("accept", app.PartnerRef, offerID)))
	if err != nil {
		return app, fmt.Errorf("accept offer: %w", err)
	}
	if err := s.repo.MarkAccepted(ctx, app.ID, offerID, acc.LoanRef); err != nil {
		return app, err
	}
	return s.repo.GetWithOffers(ctx, app.ID)
}

func hasOffer(offers []Offer, id string) bool {
	for _, o := range offers {
		if o.ID == id {
			return true
		}
	}
	return false
}

// FundingEvent is a disbursement notification from the lender.
type FundingEvent struct {
	EventID        string    `json:"event_id"`
	Type           string    `json:"type"`
	ApplicationRef string    `json:"application_ref"`
	AmountCents    int64     `json:"amount_cents"`
	Tranche        string    `json:"tranche"`
	OccurredAt     time.Time `json:"occurred_at"`
}
