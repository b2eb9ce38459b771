package httpapi

import (
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/httpx"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/service/donations"
)

// DonationHandlers serve the grower portal, which posts each parcel logged
// at the intake desk and resends it when the call times out.
type DonationHandlers struct {
	record    cqrs.CommandHandler[donations.RecordDonation]
	portalKey string
	newID     idgen.Func
}

// NewDonationHandlers builds DonationHandlers.
func NewDonationHandlers(record cqrs.CommandHandler[donations.RecordDonation], portalKey string) *DonationHandlers {
	return &DonationHandlers{record: record, portalKey: portalKey, newID: idgen.Prefixed("don")}
}

func (h *DonationHandlers) requirePortalKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("X-Portal-Key")
		if h.portalKey == "" || subtle.ConstantTimeCompare([]byte(got), []byte(h.portalKey)) != 1 {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type donationRequest struct {
	GrowerName  string    `json:"grower_name"`
	GrowerEmail string    `json:"grower_email"`
	Species     string    `json:"species"`
	VarietyName string    `json:"variety_name"`
	Grams       int       `json:"grams"`
	HarvestYear int       `json:"harvest_year"`
	Notes       string    `json:"notes"`
	ReceivedAt  time.Time `json:"received_at"`
}

// Create handles POST /v1/donations.
func (h *DonationHandlers) Create(w http.ResponseWriter, r *http.Request) {
	var body donationRequest
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, r, err)
		return
	}
	id := h.newID()
	err := h.record.Handle(r.Context(), donations.RecordDonation{
		DonationID:  id,
		GrowerName:  body.GrowerName,
		GrowerEmail: body.GrowerEmail,
		Species:     body.Species,
		VarietyName: body.VarietyName,
		Grams:       body.Grams,
		HarvestYear: body.HarvestYear,
		Notes:       body.Notes,
		ReceivedAt:  body.ReceivedAt,
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.Header().Set("Location", "/v1/donations/"+id)
	httpx.JSON(w, http.StatusCreated, map[string]string{"id": id})
}
