package grpcapi

import (
	"context"

	"google.golang.org/grpc"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/grpcx"
	"github.com/carelink/telehealth/internal/service/messaging"
)

const messagesService = "carelink.telehealth.v1.Messages"

type SendMessageRequest struct {
	AppointmentID string `json:"appointment_id"`
	SenderID      string `json:"sender_id"`
	Body          string `json:"body"`
}

type SendMessageResponse struct {
	Message *domain.CareMessage `json:"message"`
}

// MessagesServer is the secure messaging service.
type MessagesServer interface {
	Send(ctx context.Context, req *SendMessageRequest) (*SendMessageResponse, error)
}

var MessagesServiceDesc = grpc.ServiceDesc{
	ServiceName: messagesService,
	HandlerType: (*MessagesServer)(nil),
	Methods: []grpc.MethodDesc{
		grpcx.Unary(messagesService, "Send", func(srv any, ctx context.Context, in *SendMessageRequest) (*SendMessageResponse, error) {
			return srv.(MessagesServer).Send(ctx, in)
		}),
	},
	Metadata: "carelink/telehealth/v1/messages.proto",
}

func RegisterMessages(s grpc.ServiceRegistrar, srv MessagesServer) {
	s.RegisterService(&MessagesServiceDesc, srv)
}

type messagesHandler struct {
	svc *messaging.Service
}

func NewMessagesHandler(svc *messaging.Service) MessagesServer { return &messagesHandler{svc: svc} }

func (h *messagesHandler) Send(ctx context.Context, in *SendMessageRequest) (*SendMessageResponse, error) {
	apptID, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	sender, err := parseID("sender_id", in.SenderID)
	if err != nil {
		return nil, err
	}
	m, err := h.svc.Send(ctx, messaging.SendRequest{AppointmentID: apptID, SenderID: sender, Body: in.Body})
	if err != nil {
		return nil, err
	}
	return &SendMessageResponse{Message: m}, nil
}
