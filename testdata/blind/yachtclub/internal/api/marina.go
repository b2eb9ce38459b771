package api

import (
	"context"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/tidewater-yc/clubhouse/internal/berths"
	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/fuel"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/regatta"
)

type marinaHandlers struct {
	berths  berths.Service
	fuel    fuel.Service
	regatta regatta.Service
}

type assignBerthReq struct {
	BerthID  string `path:"berthID"`
	MemberID string `json:"member_id"`
	BoatName string `json:"boat_name"`
	StartsOn string `json:"starts_on"`
}

func (r *assignBerthReq) Validate() error {
	return required("member_id", r.MemberID, "starts_on", r.StartsOn)
}

func (h *marinaHandlers) assignBerth(ctx context.Context, req assignBerthReq) (httpx.Created[*domain.BerthAssignment], error) {
	starts, err := parseDate("starts_on", req.StartsOn)
	if err != nil {
		return httpx.Created[*domain.BerthAssignment]{}, err
	}
	a, err := h.berths.Assign(ctx, berths.AssignInput{
		BerthID: req.BerthID, MemberID: req.MemberID, BoatName: req.BoatName, StartsOn: starts,
	})
	return httpx.Created[*domain.BerthAssignment]{Value: a}, err
}

type releaseBerthReq struct {
	BerthID string `path:"berthID"`
	On      string `json:"on"`
}

func (h *marinaHandlers) releaseBerth(ctx context.Context, req releaseBerthReq) (*domain.BerthAssignment, error) {
	on := time.Now().UTC().Truncate(24 * time.Hour)
	if req.On != "" {
		var err error
		if on, err = parseDate("on", req.On); err != nil {
			return nil, err
		}
	}
	return h.berths.Release(ctx, req.BerthID, on)
}

type joinWaitlistReq struct {
	MemberID   string `header:"X-Member-ID"`
	BerthClass string `json:"berth_class"`
	BoatName   string `json:"boat_name"`
	BoatLOAFt  int    `json:"boat_loa_ft"`
}

func (r *joinWaitlistReq) Validate() error {
	if r.BoatLOAFt <= 0 {
		return httpx.Invalid("boat_loa_ft is required")
	}
	return required("X-Member-ID", r.MemberID, "berth_class", r.BerthClass)
}

func (h *marinaHandlers) joinWaitlist(ctx context.Context, req joinWaitlistReq) (httpx.Created[*berths.WaitlistView], error) {
	v, err := h.berths.JoinWaitlist(ctx, berths.WaitlistInput{
		MemberID: req.MemberID, BerthClass: req.BerthClass, BoatName: req.BoatName, BoatLOAFt: req.BoatLOAFt,
	})
	return httpx.Created[*berths.WaitlistView]{Value: v}, err
}

type acceptOfferReq struct {
	EntryID  string `path:"entryID"`
	MemberID string `header:"X-Member-ID"`
}

func (h *marinaHandlers) acceptOffer(ctx context.Context, req acceptOfferReq) (httpx.Created[*domain.BerthAssignment], error) {
	a, err := h.berths.AcceptOffer(ctx, req.EntryID, req.MemberID)
	return httpx.Created[*domain.BerthAssignment]{Value: a}, err
}

type fuelPurchaseReq struct {
	TicketNumber string  `json:"ticket_number"`
	MemberID     string  `json:"member_id"`
	FuelGrade    string  `json:"fuel_grade"`
	Gallons      float64 `json:"gallons"`
	AttendantID  string  `header:"X-Staff-ID"`
}

func (r *fuelPurchaseReq) Validate() error {
	return required("ticket_number", r.TicketNumber, "member_id", r.MemberID, "fuel_grade", r.FuelGrade)
}

func (h *marinaHandlers) fuelPurchase(ctx context.Context, req fuelPurchaseReq) (*domain.FuelPurchase, error) {
	return h.fuel.Purchase(ctx, fuel.PurchaseInput{
		TicketNumber: req.TicketNumber,
		MemberID:     req.MemberID,
		FuelGrade:    req.FuelGrade,
		GallonsMilli: int64(req.Gallons*1000 + 0.5),
		AttendantID:  req.AttendantID,
	})
}

type enterRegattaReq struct {
	RegattaID  string `path:"regattaID"`
	MemberID   string `header:"X-Member-ID"`
	BoatName   string `json:"boat_name"`
	SailNumber string `json:"sail_number"`
	Division   string `json:"division"`
	PHRF       int    `json:"phrf_rating"`
	CrewCount  int    `json:"crew_count"`
}

func (r *enterRegattaReq) Validate() error {
	return required("X-Member-ID", r.MemberID, "boat_name", r.BoatName)
}

func (h *marinaHandlers) enterRegatta(ctx context.Context, req enterRegattaReq) (httpx.Created[*domain.RegattaEntry], error) {
	e, err := h.regatta.Enter(ctx, regatta.EntryInput{
		EntryID:    ulid.Make().String(),
		RegattaID:  req.RegattaID,
		MemberID:   req.MemberID,
		BoatName:   req.BoatName,
		SailNumber: req.SailNumber,
		Division:   req.Division,
		PHRF:       req.PHRF,
		CrewCount:  req.CrewCount,
	})
	return httpx.Created[*domain.RegattaEntry]{Value: e}, err
}

type withdrawEntryReq struct {
	RegattaID string `path:"regattaID"`
	EntryID   string `path:"entryID"`
	MemberID  string `header:"X-Member-ID"`
}

func (h *marinaHandlers) withdrawEntry(ctx context.Context, req withdrawEntryReq) (*domain.RegattaEntry, error) {
	return h.regatta.Withdraw(ctx, req.RegattaID, req.EntryID, req.MemberID)
}
