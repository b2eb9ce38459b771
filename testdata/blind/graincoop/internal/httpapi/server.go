package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/service"
)

type GrowerAPI interface {
	Register(ctx context.Context, in service.RegisterGrowerInput) (*domain.Grower, bool, error)
	Get(ctx context.Context, id int64) (*domain.Grower, error)
}

type BankingAPI interface {
	AddAccount(ctx context.Context, growerID int64, in service.AddBankAccountInput) (*domain.BankAccount, error)
}

type NoticeAPI interface {
	SendNotice(ctx context.Context, growerID int64, in service.NoticeInput, by string) (*domain.GrowerNotice, error)
}

type ContractAPI interface {
	Create(ctx context.Context, in service.CreateContractInput, by string) (*domain.Contract, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Contract, error)
	Amend(ctx context.Context, id uuid.UUID, key string, in service.AmendInput, by string) (*domain.Amendment, bool, error)
	ApplyTicket(ctx context.Context, in service.ApplyTicketInput, by string) (*domain.Application, error)
}

type TicketAPI interface {
	CaptureManual(ctx context.Context, in service.ManualTicketInput) (*domain.ScaleTicket, bool, error)
	RequestReweigh(ctx context.Context, elevatorID, ticketNo string, in service.ReweighInput, by string) (string, error)
}

type AdvanceAPI interface {
	Request(ctx context.Context, in service.AdvanceRequestInput, by string) (*domain.Advance, error)
	Approve(ctx context.Context, id uuid.UUID, by string) (*domain.Advance, error)
}

type SettlementAPI interface {
	Payout(ctx context.Context, settlementID int64) (*domain.Payout, error)
}

type SettlementQuery interface {
	Get(ctx context.Context, id int64) (*domain.Settlement, error)
}

type ACHEvents interface {
	PaymentEvent(ctx context.Context, evt ach.WebhookEvent, raw []byte) error
	ReturnEvent(ctx context.Context, evt ach.WebhookEvent) error
}

// Deps are the services the router dispatches to.
type Deps struct {
	Growers       GrowerAPI
	Banking       BankingAPI
	Notices       NoticeAPI
	Contracts     ContractAPI
	Tickets       TicketAPI
	Advances      AdvanceAPI
	Settlements   SettlementAPI
	SettlementsRO SettlementQuery
	ACH           ACHEvents
	Idempotency   IdempotencyRecords
	WebhookSecret string
	Health        func(context.Context) error
	Log           *slog.Logger
}

func NewRouter(d Deps) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), RequestID(), AccessLog(d.Log))

	r.GET("/healthz", func(c *gin.Context) {
		if err := d.Health(c.Request.Context()); err != nil {
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": "db down"})
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})

	h := &handlers{d: d}

	v1 := r.Group("/v1", Actor())
	{
		v1.POST("/growers", h.registerGrower)
		v1.GET("/growers/:id", h.getGrower)
		v1.POST("/growers/:id/bank-accounts", h.addBankAccount)
		v1.POST("/growers/:id/notices", h.sendNotice)

		v1.POST("/contracts", h.createContract)
		v1.GET("/contracts/:id", h.getContract)
		v1.POST("/contracts/:id/amendments", h.amendContract)

		v1.POST("/tickets/manual", h.manualTicket)
		v1.POST("/elevators/:elevator/tickets/:ticket/reweigh", h.requestReweigh)
		v1.POST("/deliveries/apply", h.applyDelivery)

		v1.POST("/advances", Idempotent(d.Idempotency, "advances"), h.requestAdvance)
		v1.POST("/advances/:id/approve", h.approveAdvance)

		v1.GET("/settlements/:id", h.getSettlement)
		v1.POST("/settlements/:id/payout", h.payoutSettlement)
	}

	wh := r.Group("/webhooks/ach", verifyACH(d.WebhookSecret))
	{
		wh.POST("/payments", h.achPayment)
		wh.POST("/returns", h.achReturn)
	}
	return r
}

type handlers struct{ d Deps }
