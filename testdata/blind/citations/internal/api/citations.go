package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborcity/citeproc/internal/service"
	"github.com/harborcity/citeproc/internal/store"
)

// CitationHandler serves citation lookups and owner address corrections.
type CitationHandler struct {
	stores  *store.Store
	notices *service.NoticeService
}

func NewCitationHandler(stores *store.Store, notices *service.NoticeService) *CitationHandler {
	return &CitationHandler{stores: stores, notices: notices}
}

func (h *CitationHandler) Register(public, clerk, _ *gin.RouterGroup) {
	public.GET("/citations/:number", h.get)
	public.POST("/citations/:number/address-corrections", h.correctAddress)
	clerk.GET("/citations/:number/payments", h.payments)
}

type citationView struct {
	Number       string `json:"citation_number"`
	Plate        string `json:"plate"`
	Violation    string `json:"violation_code"`
	IssuedAt     string `json:"issued_at"`
	DueDate      string `json:"due_date"`
	FineCents    int64  `json:"fine_cents"`
	BalanceCents int64  `json:"balance_cents"`
	Status       string `json:"status"`
	Stage        string `json:"stage"`
	Disputed     bool   `json:"disputed"`
}

func (h *CitationHandler) get(c *gin.Context) {
	ctx := c.Request.Context()
	cit, err := h.stores.Repos(ctx).Citations.GetByNumber(ctx, c.Param("number"))
	if err != nil {
		fail(c, mapStore(err))
		return
	}
	c.JSON(http.StatusOK, citationView{
		Number: cit.CitationNumber, Plate: cit.PlateState + " " + cit.Plate, Violation: cit.ViolationCode,
		IssuedAt: cit.IssuedAt.Format("2006-01-02"), DueDate: cit.DueDate.Format("2006-01-02"),
		FineCents: cit.FineCents, BalanceCents: cit.BalanceCents, Status: cit.Status, Stage: cit.Stage,
		Disputed: cit.Disputed,
	})
}

func (h *CitationHandler) payments(c *gin.Context) {
	ctx := c.Request.Context()
	repos := h.stores.Repos(ctx)
	cit, err := repos.Citations.GetByNumber(ctx, c.Param("number"))
	if err != nil {
		fail(c, mapStore(err))
		return
	}
	ps, err := repos.Payments.ListPayments(ctx, cit.ID)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"payments": ps})
}

func (h *CitationHandler) correctAddress(c *gin.Context) {
	var in service.AddressInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	created, err := h.notices.CorrectAddress(c.Request.Context(), c.Param("number"), in, "portal")
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, gin.H{"accepted": true})
}

func mapStore(err error) error {
	if err == store.ErrNotFound {
		return service.ErrNotFound
	}
	return err
}
