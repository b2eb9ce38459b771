package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/httpx"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
)

type sellerResponse struct {
	ID         string     `json:"id"`
	YardID     string     `json:"yard_id"`
	FirstName  string     `json:"first_name"`
	LastName   string     `json:"last_name"`
	Phone      string     `json:"phone,omitempty"`
	VerifiedAt *time.Time `json:"verified_at,omitempty"`
	BankLast4  string     `json:"bank_last4,omitempty"`
}

func toSellerResponse(s store.Seller) sellerResponse {
	out := sellerResponse{
		ID:        s.ID.String(),
		YardID:    s.YardID,
		FirstName: s.FirstName,
		LastName:  s.LastName,
		Phone:     s.Phone,
		BankLast4: s.AchLast4.String,
	}
	if s.VerifiedAt.Valid {
		out.VerifiedAt = &s.VerifiedAt.Time
	}
	return out
}

type registerSellerRequest struct {
	FirstName      string `json:"first_name"`
	LastName       string `json:"last_name"`
	Phone          string `json:"phone"`
	IDDocType      string `json:"id_doc_type"`
	IDDocState     string `json:"id_doc_state"`
	IDDocNumber    string `json:"id_doc_number"`
	IDDocExpiresOn string `json:"id_doc_expires_on"`
}

func registerSeller(svc SellerService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[registerSellerRequest](r)
		if err != nil {
			return err
		}
		exp, err := time.Parse("2006-01-02", req.IDDocExpiresOn)
		if err != nil {
			return domain.Invalid("id_doc_expires_on must be YYYY-MM-DD")
		}
		s, err := svc.Register(r.Context(), service.RegisterSellerInput{
			YardID:         yardFrom(r.Context()),
			FirstName:      req.FirstName,
			LastName:       req.LastName,
			Phone:          req.Phone,
			IDDocType:      req.IDDocType,
			IDDocState:     req.IDDocState,
			IDDocNumber:    req.IDDocNumber,
			IDDocExpiresOn: exp,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, toSellerResponse(s))
	}
}

type verifySellerRequest struct {
	DocNumber     string `json:"doc_number"`
	FrontImageRef string `json:"front_image_ref"`
	BackImageRef  string `json:"back_image_ref"`
}

type verifySellerResponse struct {
	CheckID string   `json:"check_id"`
	Outcome string   `json:"outcome"`
	Reasons []string `json:"reasons,omitempty"`
}

func verifySeller(svc SellerService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		sellerID, ok := parseUUID(chi.URLParam(r, "sellerID"))
		if !ok {
			return domain.NotFound("seller")
		}
		req, err := httpx.Decode[verifySellerRequest](r)
		if err != nil {
			return err
		}
		check, err := svc.Verify(r.Context(), service.VerifySellerInput{
			SellerID:      sellerID,
			DocNumber:     req.DocNumber,
			FrontImageRef: req.FrontImageRef,
			BackImageRef:  req.BackImageRef,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, verifySellerResponse{
			CheckID: check.ID,
			Outcome: check.Outcome,
			Reasons: check.Reasons,
		})
	}
}

type enrollBankRequest struct {
	RoutingNumber string `json:"routing_number"`
	AccountNumber string `json:"account_number"`
	AccountType   string `json:"account_type"`
}

func enrollBank(svc SellerService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		sellerID, ok := parseUUID(chi.URLParam(r, "sellerID"))
		if !ok {
			return domain.NotFound("seller")
		}
		req, err := httpx.Decode[enrollBankRequest](r)
		if err != nil {
			return err
		}
		s, err := svc.EnrollBankAccount(r.Context(), service.EnrollBankInput{
			SellerID:      sellerID,
			RoutingNumber: req.RoutingNumber,
			AccountNumber: req.AccountNumber,
			AccountType:   req.AccountType,
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, toSellerResponse(s))
	}
}
