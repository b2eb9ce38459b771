package httpapi

import (
	"context"
	"errors"
	"net/mail"

	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/service/wristband"
)

type WristbandService interface {
	Register(ctx context.Context, in wristband.RegisterInput) (db.Wristband, error)
	Activate(ctx context.Context, uid string) (db.Wristband, error)
	Replace(ctx context.Context, oldUID, newUID string) (db.Wristband, error)
}

type WristbandHandlers struct {
	svc WristbandService
}

func NewWristbandHandlers(svc WristbandService) *WristbandHandlers {
	return &WristbandHandlers{svc: svc}
}

type RegisterWristbandRequest struct {
	UID      string `json:"uid"`
	Email    string `json:"email"`
	FullName string `json:"full_name"`
	Phone    string `json:"phone"`
}

func (r *RegisterWristbandRequest) Validate() error {
	if len(r.UID) < 8 {
		return errors.New("uid must be the 7-byte NFC uid in hex")
	}
	if _, err := mail.ParseAddress(r.Email); err != nil {
		return errors.New("invalid email")
	}
	if r.FullName == "" {
		return errors.New("full_name is required")
	}
	return nil
}

type WristbandResponse struct {
	UID       string `json:"uid"`
	Status    string `json:"status"`
	WalletID  string `json:"wallet_id,omitempty"`
	Attendee  string `json:"attendee_id,omitempty"`
	Activated bool   `json:"activated"`
}

func wristbandResponse(w db.Wristband) WristbandResponse {
	out := WristbandResponse{UID: w.Uid, Status: w.Status, Activated: w.ActivatedAt != nil}
	if w.WalletID != nil {
		out.WalletID = w.WalletID.String()
	}
	if w.AttendeeID != nil {
		out.Attendee = w.AttendeeID.String()
	}
	return out
}

func (h *WristbandHandlers) Register(ctx context.Context, req *RegisterWristbandRequest) (WristbandResponse, error) {
	w, err := h.svc.Register(ctx, wristband.RegisterInput{
		UID:      req.UID,
		Email:    req.Email,
		FullName: req.FullName,
		Phone:    req.Phone,
	})
	if err != nil {
		return WristbandResponse{}, err
	}
	return wristbandResponse(w), nil
}

type ActivateRequest struct {
	UID    string `param:"uid" json:"-"`
	GateID string `header:"X-Gate-Id" json:"-"`
}

func (h *WristbandHandlers) Activate(ctx context.Context, req *ActivateRequest) (WristbandResponse, error) {
	w, err := h.svc.Activate(ctx, req.UID)
	if err != nil {
		return WristbandResponse{}, err
	}
	return wristbandResponse(w), nil
}

type ReplaceRequest struct {
	UID    string `param:"uid" json:"-"`
	NewUID string `json:"new_uid"`
	Booth  string `header:"X-Booth-Operator" json:"-"`
}

func (r *ReplaceRequest) Validate() error {
	if len(r.NewUID) < 8 {
		return errors.New("new_uid is required")
	}
	return nil
}

func (h *WristbandHandlers) Replace(ctx context.Context, req *ReplaceRequest) (WristbandResponse, error) {
	w, err := h.svc.Replace(ctx, req.UID, req.NewUID)
	if err != nil {
		return WristbandResponse{}, err
	}
	return wristbandResponse(w), nil
}
