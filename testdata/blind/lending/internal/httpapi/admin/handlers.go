package admin

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/httpapi/httpx"
	"github.com/brightpay/lending/internal/service/loans"
	"github.com/brightpay/lending/internal/service/repayments"
)

func (a *API) reissuePayout(w http.ResponseWriter, r *http.Request) error {
	d, err := a.disbursement.Reissue(r.Context(), chi.URLParam(r, "loanID"), actor(r.Context()))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{
		"disbursement_id":  d.ID,
		"status":           d.Status,
		"client_reference": d.ClientReference,
		"partner_ref":      d.PartnerRef.String,
	})
	return nil
}

type refundBody struct {
	AmountCents int64  `json:"amount_cents"`
	Note        string `json:"note"`
}

func (a *API) refundOverpayment(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[refundBody](r)
	if err != nil {
		return err
	}
	if in.AmountCents <= 0 {
		return apperr.New(apperr.InvalidArgument, "amount_cents must be positive")
	}
	refundID, err := a.repayments.RefundOverpayment(r.Context(), repayments.OverpaymentRefund{
		LoanID:      chi.URLParam(r, "loanID"),
		AmountCents: in.AmountCents,
		Actor:       actor(r.Context()),
		Note:        in.Note,
	})
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, map[string]string{"refund_id": refundID})
	return nil
}

func (a *API) waiveFee(w http.ResponseWriter, r *http.Request) error {
	fee, err := a.fees.Waive(r.Context(), chi.URLParam(r, "loanID"), chi.URLParam(r, "feeID"), actor(r.Context()))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"fee_id": fee.ID, "status": fee.Status})
	return nil
}

type adjustmentBody struct {
	Reference   string `json:"reference"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (a *API) adjustBalance(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[adjustmentBody](r)
	if err != nil {
		return err
	}
	res, err := a.loans.AdjustBalance(r.Context(), loans.AdjustInput{
		LoanID:      chi.URLParam(r, "loanID"),
		Reference:   in.Reference,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		Actor:       actor(r.Context()),
	})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if !res.Applied {
		status = http.StatusOK
	}
	httpx.JSON(w, status, res)
	return nil
}

type rescheduleBody struct {
	Reference   string `json:"reference"`
	Instalments int    `json:"instalments"`
}

func (a *API) reschedule(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[rescheduleBody](r)
	if err != nil {
		return err
	}
	loan, err := a.loans.Reschedule(r.Context(), loans.RescheduleInput{
		LoanID:      chi.URLParam(r, "loanID"),
		Reference:   in.Reference,
		Instalments: in.Instalments,
		Actor:       actor(r.Context()),
	})
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"loan_id": loan.ID, "version": loan.Version})
	return nil
}
