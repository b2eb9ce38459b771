package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/service/notify"
	"github.com/loopgate/festival-cashless/internal/service/transfer"
)

type TransferService interface {
	Create(ctx context.Context, in transfer.CreateInput) (transfer.Created, error)
	Accept(ctx context.Context, in transfer.AcceptInput) (db.TicketTransfer, error)
}

type DeviceService interface {
	RegisterDevice(ctx context.Context, in notify.DeviceInput) error
}

type AttendeeHandlers struct {
	transfers TransferService
	devices   DeviceService
}

func NewAttendeeHandlers(t TransferService, d DeviceService) *AttendeeHandlers {
	return &AttendeeHandlers{transfers: t, devices: d}
}

type CreateTransferRequest struct {
	TicketID   string    `json:"ticket_id"`
	ToEmail    string    `json:"to_email"`
	ToPhone    string    `json:"to_phone"`
	AttendeeID uuid.UUID `header:"X-Attendee-Id" json:"-"`
}

func (h *AttendeeHandlers) CreateTransfer(ctx context.Context, req *CreateTransferRequest) (transfer.Created, error) {
	return h.transfers.Create(ctx, transfer.CreateInput{
		TicketID:     req.TicketID,
		FromAttendee: req.AttendeeID,
		ToEmail:      req.ToEmail,
		ToPhone:      req.ToPhone,
	})
}

type AcceptTransferRequest struct {
	TransferID uuid.UUID `param:"transfer_id" json:"-"`
	ClaimCode  string    `json:"claim_code"`
	AttendeeID uuid.UUID `header:"X-Attendee-Id" json:"-"`
}

type TransferResponse struct {
	TransferID uuid.UUID `json:"transfer_id"`
	TicketID   string    `json:"ticket_id"`
	Status     string    `json:"status"`
}

func (h *AttendeeHandlers) AcceptTransfer(ctx context.Context, req *AcceptTransferRequest) (TransferResponse, error) {
	tr, err := h.transfers.Accept(ctx, transfer.AcceptInput{
		TransferID: req.TransferID,
		ClaimCode:  req.ClaimCode,
		Attendee:   req.AttendeeID,
	})
	if err != nil {
		return TransferResponse{}, err
	}
	return TransferResponse{TransferID: tr.ID, TicketID: tr.TicketID, Status: tr.Status}, nil
}

type RegisterDeviceRequest struct {
	Token      string    `json:"token"`
	Platform   string    `json:"platform"`
	AttendeeID uuid.UUID `header:"X-Attendee-Id" json:"-"`
}

func (h *AttendeeHandlers) RegisterDevice(ctx context.Context, req *RegisterDeviceRequest) (Empty, error) {
	return Empty{}, h.devices.RegisterDevice(ctx, notify.DeviceInput{
		AttendeeID: req.AttendeeID,
		Token:      req.Token,
		Platform:   req.Platform,
	})
}
