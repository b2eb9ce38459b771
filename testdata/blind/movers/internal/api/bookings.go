package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/repository"
	"github.com/haulright/movers/internal/service"
)

type BookingHandler struct {
	bookings service.BookingService
	crew     service.CrewService
	trucks   service.TruckService
	payments service.PaymentService
	notify   service.NotificationService
}

func NewBookingHandler(
	bookings service.BookingService,
	crew service.CrewService,
	trucks service.TruckService,
	payments service.PaymentService,
	notify service.NotificationService,
) *BookingHandler {
	return &BookingHandler{bookings: bookings, crew: crew, trucks: trucks, payments: payments, notify: notify}
}

func (h *BookingHandler) Register(rg *gin.RouterGroup) {
	rg.GET("/bookings", h.list)
	rg.POST("/bookings/:id/deposit", h.deposit)
	rg.POST("/bookings/:id/crew", h.assignCrew)
	rg.POST("/bookings/:id/reschedule", h.reschedule)
	rg.POST("/bookings/:id/truck", h.reserveTruck)
	rg.POST("/bookings/:id/truck/extend", h.extendTruck)
	rg.POST("/bookings/:id/cancel", h.cancel)
	rg.POST("/bookings/:id/complete", h.complete)
	rg.POST("/bookings/:id/messages", h.postMessage)
}

func (h *BookingHandler) list(c *gin.Context) {
	var f repository.BookingFilter
	if v := c.Query("customer_id"); v != "" {
		id, err := uuid.Parse(v)
		if err != nil {
			badRequest(c, err)
			return
		}
		f.CustomerID = &id
	}
	if v := c.Query("status"); v != "" {
		st := domain.BookingStatus(v)
		f.Status = &st
	}
	for _, p := range []struct {
		name string
		dst  **time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		if v := c.Query(p.name); v != "" {
			t, err := time.Parse("2006-01-02", v)
			if err != nil {
				badRequest(c, err)
				return
			}
			*p.dst = &t
		}
	}
	page, err := h.bookings.List(c.Request.Context(), f, pageParams(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}

func (h *BookingHandler) complete(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	b, err := h.bookings.Complete(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, b)
}

func (h *BookingHandler) deposit(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	intent, err := h.payments.CollectDeposit(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, intent)
}

type assignCrewRequest struct {
	Members []service.CrewRequest `json:"members" binding:"required,min=1"`
}

func (h *BookingHandler) assignCrew(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req assignCrewRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.crew.Assign(c.Request.Context(), id, req.Members)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"crew": out})
}

type rescheduleRequest struct {
	MoveDate string `json:"move_date" binding:"required"`
	Reason   string `json:"reason"`
}

func (h *BookingHandler) reschedule(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req rescheduleRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	d, err := time.Parse("2006-01-02", req.MoveDate)
	if err != nil {
		badRequest(c, err)
		return
	}
	b, err := h.bookings.Reschedule(c.Request.Context(), id, d, req.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, b)
}

type reserveTruckRequest struct {
	TruckClass  string `json:"truck_class" binding:"required"`
	PickupDepot string `json:"pickup_depot" binding:"required"`
	Days        int    `json:"days"`
	DriverName  string `json:"driver_name" binding:"required"`
	DriverPhone string `json:"driver_phone" binding:"required"`
}

func (h *BookingHandler) reserveTruck(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req reserveTruckRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	res, err := h.trucks.Reserve(c.Request.Context(), id, service.ReserveTruckInput{
		TruckClass:  req.TruckClass,
		PickupDepot: req.PickupDepot,
		Days:        req.Days,
		DriverName:  req.DriverName,
		DriverPhone: req.DriverPhone,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, res)
}

type extendTruckRequest struct {
	ExtraDays int `json:"extra_days" binding:"required"`
}

func (h *BookingHandler) extendTruck(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req extendTruckRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	res, err := h.trucks.Extend(c.Request.Context(), id, req.ExtraDays)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (h *BookingHandler) cancel(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req cancelRequest
	_ = c.ShouldBindJSON(&req)
	res, err := h.bookings.Cancel(c.Request.Context(), id, req.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

type postMessageRequest struct {
	ClientMessageID string `json:"client_message_id" binding:"required"`
	Body            string `json:"body" binding:"required,max=480"`
}

func (h *BookingHandler) postMessage(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req postMessageRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	msg, err := h.notify.PostMessage(c.Request.Context(), service.PostMessageInput{
		BookingID:       id,
		ClientMessageID: req.ClientMessageID,
		Author:          c.GetString(ctxAgent),
		Body:            req.Body,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, msg)
}
