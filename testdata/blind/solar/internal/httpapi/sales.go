package httpapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/contracts"
	"github.com/sunrail/installs/internal/financing"
	"github.com/sunrail/installs/internal/platform/httpx"
	"github.com/sunrail/installs/internal/quotes"
)

// QuoteService is the quotes use cases.
type QuoteService interface {
	Create(ctx context.Context, in quotes.CreateInput) (quotes.Quote, error)
	Get(ctx context.Context, id string) (quotes.Quote, error)
}

// ContractService is the contracts use cases.
type ContractService interface {
	Sign(ctx context.Context, in contracts.SignInput) (contracts.Contract, error)
	ChargeDeposit(ctx context.Context, contractID uuid.UUID) (contracts.Deposit, error)
}

// FinancingService is the loan application use cases.
type FinancingService interface {
	Apply(ctx context.Context, in financing.ApplyInput, correlationID string) (financing.Application, error)
	AcceptOffer(ctx context.Context, appID uuid.UUID, offerID string) (financing.Application, error)
}

// NewCreateQuoteHandler handles POST /v1/quotes.
func NewCreateQuoteHandler(svc QuoteService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in quotes.CreateInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		if err := in.Validate(); err != nil {
			httpx.Error(w, r, errors.Join(httpx.ErrBadRequest, err))
			return
		}
		q, err := svc.Create(r.Context(), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, q)
	}
}

// NewGetQuoteHandler handles GET /v1/quotes/{id}.
func NewGetQuoteHandler(svc QuoteService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, err := svc.Get(r.Context(), r.PathValue("id"))
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, q)
	}
}

// NewSignContractHandler handles POST /v1/contracts.
func NewSignContractHandler(svc ContractService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in contracts.SignInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		if in.SignerIP == "" {
			in.SignerIP = r.Header.Get("X-Forwarded-For")
		}
		c, err := svc.Sign(r.Context(), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, c)
	}
}

// NewChargeDepositHandler handles POST /v1/contracts/{id}/deposit.
func NewChargeDepositHandler(svc ContractService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		dep, err := svc.ChargeDeposit(r.Context(), id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, dep)
	}
}

// NewApplyFinancingHandler handles POST /v1/financing/applications.
func NewApplyFinancingHandler(svc FinancingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in financing.ApplyInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		app, err := svc.Apply(r.Context(), in, httpx.RequestID(r))
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, app)
	}
}

// NewAcceptOfferHandler handles
// POST /v1/financing/applications/{id}/offers/{offer}/accept.
func NewAcceptOfferHandler(svc FinancingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		app, err := svc.AcceptOffer(r.Context(), id, r.PathValue("offer"))
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, app)
	}
}
