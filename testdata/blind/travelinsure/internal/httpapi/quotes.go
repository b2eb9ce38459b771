package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/quoting"
)

type quoteHandlers struct {
	svc quoting.Service
	log *slog.Logger
}

type createQuoteRequest struct {
	PartnerQuoteRef string `json:"partner_quote_ref" binding:"required"`
	ProductCode     string `json:"product_code" binding:"required"`
	Traveller       struct {
		Name  string `json:"name" binding:"required"`
		Email string `json:"email" binding:"required,email"`
		Phone string `json:"phone"`
		Age   int    `json:"age" binding:"min=0,max=110"`
	} `json:"traveller" binding:"required"`
	Destination   string `json:"destination" binding:"required"`
	TripStart     string `json:"trip_start" binding:"required"`
	TripEnd       string `json:"trip_end" binding:"required"`
	TripCostMinor int64  `json:"trip_cost" binding:"min=0"`
	FlightID      string `json:"flight_id"`
	DelayCover    bool   `json:"delay_cover"`
	Currency      string `json:"currency"`
}

type quoteResponse struct {
	ID           string    `json:"id"`
	Reference    string    `json:"partner_quote_ref"`
	ProductCode  string    `json:"product_code"`
	PremiumMinor int64     `json:"premium"`
	Currency     string    `json:"currency"`
	Status       string    `json:"status"`
	DelayCover   bool      `json:"delay_cover"`
	ExpiresAt    time.Time `json:"expires_at"`
}

func toQuoteResponse(q *models.Quote) quoteResponse {
	return quoteResponse{
		ID:           q.ID.String(),
		Reference:    q.PartnerQuoteRef,
		ProductCode:  q.ProductCode,
		PremiumMinor: q.PremiumMinor,
		Currency:     q.Currency,
		Status:       string(q.Status),
		DelayCover:   q.DelayCover,
		ExpiresAt:    q.ExpiresAt,
	}
}

func parseDate(s string) (time.Time, error) {
	return time.Parse("2006-01-02", s)
}

func (h *quoteHandlers) create(c *gin.Context) {
	var req createQuoteRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	start, err := parseDate(req.TripStart)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "trip_start: " + err.Error()})
		return
	}
	end, err := parseDate(req.TripEnd)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "trip_end: " + err.Error()})
		return
	}

	q, err := h.svc.CreateQuote(c.Request.Context(), partnerFrom(c), quoting.QuoteInput{
		PartnerQuoteRef: req.PartnerQuoteRef,
		ProductCode:     req.ProductCode,
		TravellerName:   req.Traveller.Name,
		TravellerEmail:  req.Traveller.Email,
		TravellerPhone:  req.Traveller.Phone,
		TravellerAge:    req.Traveller.Age,
		Destination:     req.Destination,
		TripStart:       start,
		TripEnd:         end,
		TripCostMinor:   req.TripCostMinor,
		FlightID:        req.FlightID,
		DelayCover:      req.DelayCover,
		Currency:        req.Currency,
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, toQuoteResponse(q))
}

func (h *quoteHandlers) get(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	q, err := h.svc.GetQuote(c.Request.Context(), partnerFrom(c).ID, id)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, toQuoteResponse(q))
}
