package service

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"

	"github.com/aerolounge/loungepass/internal/domain"
)

type EligibilityInput struct {
	PNR           string    `json:"pnr"`
	PassengerSeq  int       `json:"passenger_seq"`
	PassengerName string    `json:"passenger_name"`
	FlightNumber  string    `json:"flight_number"`
	FlightDate    time.Time `json:"flight_date"`
	Cabin         string    `json:"cabin"`
	GuestsAllowed int       `json:"guests_allowed"`
}

type EligibilityResult struct {
	Received   int   `json:"received"`
	Accepted   int64 `json:"accepted"`
	Duplicates int64 `json:"duplicates"`
}

type DisputeInput struct {
	AirlineCode       string
	InvoiceID         uuid.UUID
	PartnerDisputeRef string
	LineIDs           []uuid.UUID
	Reason            string
	AmountCents       int64
}

type PartnerService interface {
	ImportEligibility(ctx context.Context, airline string, recs []EligibilityInput) (EligibilityResult, error)
	OpenDispute(ctx context.Context, in DisputeInput) (domain.InvoiceDispute, error)
}

type partnerService struct {
	partners PartnerStore
	invoices InvoiceStore
	newID    NewIDFunc
	maxBatch int
}

func NewPartnerService(partners PartnerStore, invoices InvoiceStore, newID NewIDFunc) PartnerService {
	return &partnerService{partners: partners, invoices: invoices, newID: newID, maxBatch: 500}
}

// ImportEligibility stores a batch of boarding-pass entitlements pushed by an
// airline. Passengers already on file are counted as duplicates.
func (s *partnerService) ImportEligibility(ctx context.Context, airline string, recs []EligibilityInput) (EligibilityResult, error) {
	p, err := s.partners.Get(ctx, airline)
	if err != nil {
		return EligibilityResult{}, err
	}
	if !p.Active {
		return EligibilityResult{}, fmt.Errorf("partner %s inactive: %w", airline, domain.ErrInvalidState)
	}
	if len(recs) == 0 || len(recs) > s.maxBatch {
		return EligibilityResult{}, fmt.Errorf("batch size must be 1..%d: %w", s.maxBatch, domain.ErrValidation)
	}
	rows := make([]domain.EligibilityRecord, 0, len(recs))
	for i, r := range recs {
		if r.PNR == "" || r.FlightNumber == "" || r.FlightDate.IsZero() || r.PassengerSeq < 1 {
			return EligibilityResult{}, fmt.Errorf("record %d incomplete: %w", i, domain.ErrValidation)
		}
		rows = append(rows, domain.EligibilityRecord{
			AirlineCode:   p.Code,
			PNR:           strings.ToUpper(r.PNR),
			PassengerSeq:  r.PassengerSeq,
			PassengerName: r.PassengerName,
			FlightNumber:  strings.ToUpper(r.FlightNumber),
			FlightDate:    r.FlightDate,
			Cabin:         r.Cabin,
			GuestsAllowed: r.GuestsAllowed,
		})
	}
	n, err := s.partners.UpsertEligibility(ctx, rows)
	if err != nil {
		return EligibilityResult{}, fmt.Errorf("store eligibility: %w", err)
	}
	return EligibilityResult{Received: len(rows), Accepted: n, Duplicates: int64(len(rows)) - n}, nil
}

// OpenDispute records an airline's dispute against lines of an invoice we
// sent them.
func (s *partnerService) OpenDispute(ctx context.Context, in DisputeInput) (domain.InvoiceDispute, error) {
	if in.PartnerDisputeRef == "" || in.Reason == "" {
		return domain.InvoiceDispute{}, fmt.Errorf("dispute_ref and reason are required: %w", domain.ErrValidation)
	}
	inv, err := s.invoices.GetForAirline(ctx, in.AirlineCode, in.InvoiceID)
	if err != nil {
		return domain.InvoiceDispute{}, err
	}
	if inv.Status == domain.InvoiceDraft || inv.Status == domain.InvoicePaid {
		return domain.InvoiceDispute{}, fmt.Errorf("invoice is %s: %w", inv.Status, domain.ErrInvalidState)
	}
	if in.AmountCents <= 0 || in.AmountCents > inv.TotalCents {
		return domain.InvoiceDispute{}, fmt.Errorf("amount out of range: %w", domain.ErrValidation)
	}
	lineIDs := make(pq.StringArray, len(in.LineIDs))
	for i, id := range in.LineIDs {
		lineIDs[i] = id.String()
	}
	return s.invoices.InsertDispute(ctx, domain.InvoiceDispute{
		ID:                s.newID(),
		InvoiceID:         inv.ID,
		PartnerDisputeRef: in.PartnerDisputeRef,
		LineIDs:           lineIDs,
		Reason:            in.Reason,
		AmountCents:       in.AmountCents,
	})
}
