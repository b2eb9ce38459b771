package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/httpx"
)

// QuoteHandlers serve the student app, which retries a POST on timeouts
// and 5xx answers.
type QuoteHandlers struct {
	Quotes app.QuoteService
}

func (h *QuoteHandlers) Routes() Group {
	return Group{
		Prefix:     "/v1/quotes",
		Middleware: []gin.HandlerFunc{httpx.RequireHeader("X-Student-ID")},
		routes: []route{
			{http.MethodPost, "", h.create},
			{http.MethodPost, "/:id/accept", h.accept},
		},
	}
}

type createQuoteBody struct {
	ISBNs        []string `json:"isbns" binding:"required,min=1,dive,len=13"`
	PayoutMethod string   `json:"payout_method" binding:"required,oneof=debit_card store_credit"`
}

// create prices a list of books. The app sends an Idempotency-Key per
// quote request and keeps it across its retries.
func (h *QuoteHandlers) create(c *gin.Context) (int, any, error) {
	body, err := httpx.Bind[createQuoteBody](c)
	if err != nil {
		return 0, nil, err
	}
	q, err := h.Quotes.Create(c.Request.Context(), app.QuoteRequest{
		StudentID:       httpx.StudentID(c),
		ClientRequestID: c.GetHeader("Idempotency-Key"),
		ISBNs:           body.ISBNs,
		PayoutMethod:    domain.PayoutMethod(body.PayoutMethod),
	})
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, q, nil
}

func (h *QuoteHandlers) accept(c *gin.Context) (int, any, error) {
	q, err := h.Quotes.Accept(c.Request.Context(), httpx.StudentID(c), c.Param("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, gin.H{"quote_id": q.ID, "dropoff_code": q.DropoffCode, "expires_at": q.ExpiresAt}, nil
}
