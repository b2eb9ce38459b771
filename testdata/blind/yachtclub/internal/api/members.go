package api

import (
	"context"

	"github.com/tidewater-yc/clubhouse/internal/accounts"
	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/dues"
	"github.com/tidewater-yc/clubhouse/internal/membership"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/statements"
)

type memberHandlers struct {
	membership membership.Service
	accounts   accounts.Service
	dues       dues.Service
	statements statements.Service
}

type submitApplicationReq struct {
	SubmissionToken string `json:"submission_token"`
	ApplicantName   string `json:"applicant_name"`
	Email           string `json:"email"`
	Phone           string `json:"phone"`
	BoatName        string `json:"boat_name"`
	BoatLengthFt    int    `json:"boat_length_ft"`
	MembershipClass string `json:"membership_class"`
}

func (r *submitApplicationReq) Validate() error {
	return required("applicant_name", r.ApplicantName, "email", r.Email, "membership_class", r.MembershipClass)
}

func (h *memberHandlers) submitApplication(ctx context.Context, req submitApplicationReq) (created[*domain.MembershipApplication], error) {
	app, isNew, err := h.membership.Submit(ctx, membership.SubmitInput{
		SubmissionToken: req.SubmissionToken,
		ApplicantName:   req.ApplicantName,
		Email:           req.Email,
		Phone:           req.Phone,
		BoatName:        req.BoatName,
		BoatLengthFt:    req.BoatLengthFt,
		MembershipClass: req.MembershipClass,
	})
	return created[*domain.MembershipApplication]{Value: app, New: isNew}, err
}

type approveSponsorReq struct {
	ApplicationID string `path:"applicationID"`
	MemberID      string `path:"memberID"`
	Note          string `json:"note"`
}

func (h *memberHandlers) approveSponsor(ctx context.Context, req approveSponsorReq) (*domain.MembershipApplication, error) {
	return h.membership.ApproveBySponsor(ctx, req.ApplicationID, req.MemberID, req.Note)
}

type decideApplicationReq struct {
	ApplicationID string `path:"applicationID"`
	StaffID       string `header:"X-Staff-ID"`
	Approve       bool   `json:"approve"`
	Note          string `json:"note"`
}

func (h *memberHandlers) decideApplication(ctx context.Context, req decideApplicationReq) (*membership.DecisionResult, error) {
	if req.StaffID == "" {
		return nil, httpx.Unauthorized("committee decisions require a staff identity")
	}
	return h.membership.Decide(ctx, membership.DecisionInput{
		ApplicationID: req.ApplicationID, Approve: req.Approve, Note: req.Note, DecidedBy: req.StaffID,
	})
}

type requestDuesReq struct {
	MemberID string `path:"memberID"`
	Year     int    `json:"year"`
}

type acceptedResp struct {
	Status string `json:"status"`
}

func (acceptedResp) StatusCode() int { return 202 }

func (h *memberHandlers) requestDuesInvoice(ctx context.Context, req requestDuesReq) (acceptedResp, error) {
	if req.Year < 2000 {
		return acceptedResp{}, httpx.Invalid("year is required")
	}
	if err := h.dues.RequestInvoice(ctx, req.MemberID, req.Year); err != nil {
		return acceptedResp{}, err
	}
	return acceptedResp{Status: "queued"}, nil
}

type getAccountReq struct {
	MemberID string `path:"memberID"`
}

func (h *memberHandlers) getAccount(ctx context.Context, req getAccountReq) (*accounts.AccountView, error) {
	return h.accounts.Account(ctx, req.MemberID)
}

type adjustAccountReq struct {
	MemberID       string `path:"memberID"`
	IdempotencyKey string `header:"Idempotency-Key"`
	StaffID        string `header:"X-Staff-ID"`
	AmountCents    int64  `json:"amount_cents"`
	Reason         string `json:"reason"`
}

func (r *adjustAccountReq) Validate() error {
	return required("reason", r.Reason, "X-Staff-ID", r.StaffID)
}

func (h *memberHandlers) adjustAccount(ctx context.Context, req adjustAccountReq) (created[*domain.AccountTransaction], error) {
	t, replayed, err := h.accounts.Adjust(ctx, accounts.AdjustmentInput{
		MemberID:       req.MemberID,
		IdempotencyKey: req.IdempotencyKey,
		AmountCents:    req.AmountCents,
		Reason:         req.Reason,
		EnteredBy:      req.StaffID,
	})
	return created[*domain.AccountTransaction]{Value: t, New: !replayed}, err
}

type getStatementReq struct {
	MemberID string `path:"memberID"`
	Period   string `path:"period"`
}

func (h *memberHandlers) getStatement(ctx context.Context, req getStatementReq) (*domain.Statement, error) {
	return h.statements.MemberStatement(ctx, req.MemberID, req.Period)
}

type startRunReq struct {
	Period  string `json:"period"`
	StaffID string `header:"X-Staff-ID"`
}

func (r *startRunReq) Validate() error { return required("period", r.Period, "X-Staff-ID", r.StaffID) }

func (h *memberHandlers) startStatementRun(ctx context.Context, req startRunReq) (created[*domain.StatementRun], error) {
	run, isNew, err := h.statements.StartRun(ctx, req.Period, req.StaffID)
	return created[*domain.StatementRun]{Value: run, New: isNew}, err
}
