// Package portalpb holds the wire types and service descriptor for the
// PartnerPortal gRPC service (tenantlens.partner.v1). Partner portals speak
// gRPC with the JSON codec below; the descriptor is maintained by hand to
// match partner_portal.proto in the API repository.
package portalpb

import (
	"context"
	"encoding/json"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const ServiceName = "tenantlens.partner.v1.PartnerPortal"

// ---- messages ----

type Address struct {
	Line1 string `json:"line1"`
	Line2 string `json:"line2,omitempty"`
	City  string `json:"city"`
	State string `json:"state"`
	Zip   string `json:"zip"`
}

type Applicant struct {
	FirstName   string  `json:"first_name"`
	LastName    string  `json:"last_name"`
	Email       string  `json:"email"`
	Phone       string  `json:"phone,omitempty"`
	DateOfBirth string  `json:"date_of_birth"`
	SsnLast4    string  `json:"ssn_last4"`
	Address     Address `json:"address"`
}

type SubmitApplicationRequest struct {
	ManagerId        string    `json:"manager_id"`
	PropertyId       string    `json:"property_id"`
	PartnerRef       string    `json:"partner_ref"`
	Applicant        Applicant `json:"applicant"`
	MonthlyRentCents int64     `json:"monthly_rent_cents"`
}

type GetApplicationRequest struct {
	ApplicationId string `json:"application_id"`
}

type ApplicationReply struct {
	ApplicationId string `json:"application_id"`
	Status        string `json:"status"`
	PartnerRef    string `json:"partner_ref"`
	Created       bool   `json:"created"`
	Decision      string `json:"decision,omitempty"`
}

type UpsertPropertyRequest struct {
	ManagerId   string  `json:"manager_id"`
	ExternalRef string  `json:"external_ref"`
	Name        string  `json:"name"`
	Address     Address `json:"address"`
}

type PropertyReply struct {
	PropertyId string `json:"property_id"`
	Created    bool   `json:"created"`
}

type AdverseActionRequest struct {
	ApplicationId string   `json:"application_id"`
	ReasonCodes   []string `json:"reason_codes"`
}

type LetterReply struct {
	LetterId string `json:"letter_id"`
	Status   string `json:"status"`
}

type AcknowledgeReportRequest struct {
	OrderId string `json:"order_id"`
}

type AcknowledgeReportReply struct {
	FirstAcknowledgement bool `json:"first_acknowledgement"`
}

// ---- server API ----

type PartnerPortalServer interface {
	SubmitApplication(context.Context, *SubmitApplicationRequest) (*ApplicationReply, error)
	GetApplication(context.Context, *GetApplicationRequest) (*ApplicationReply, error)
	UpsertProperty(context.Context, *UpsertPropertyRequest) (*PropertyReply, error)
	RequestAdverseActionLetter(context.Context, *AdverseActionRequest) (*LetterReply, error)
	AcknowledgeReport(context.Context, *AcknowledgeReportRequest) (*AcknowledgeReportReply, error)
}

// UnimplementedPartnerPortalServer can be embedded for forward compatibility.
type UnimplementedPartnerPortalServer struct{}

func (UnimplementedPartnerPortalServer) SubmitApplication(context.Context, *SubmitApplicationRequest) (*ApplicationReply, error) {
	return nil, status.Error(codes.Unimplemented, "method SubmitApplication not implemented")
}
func (UnimplementedPartnerPortalServer) GetApplication(context.Context, *GetApplicationRequest) (*ApplicationReply, error) {
	return nil, status.Error(codes.Unimplemented, "method GetApplication not implemented")
}
func (UnimplementedPartnerPortalServer) UpsertProperty(context.Context, *UpsertPropertyRequest) (*PropertyReply, error) {
	return nil, status.Error(codes.Unimplemented, "method UpsertProperty not implemented")
}
func (UnimplementedPartnerPortalServer) RequestAdverseActionLetter(context.Context, *AdverseActionRequest) (*LetterReply, error) {
	return nil, status.Error(codes.Unimplemented, "method RequestAdverseActionLetter not implemented")
}
func (UnimplementedPartnerPortalServer) AcknowledgeReport(context.Context, *AcknowledgeReportRequest) (*AcknowledgeReportReply, error) {
	return nil, status.Error(codes.Unimplemented, "method AcknowledgeReport not implemented")
}

func RegisterPartnerPortalServer(s grpc.ServiceRegistrar, srv PartnerPortalServer) {
	s.RegisterService(&PartnerPortal_ServiceDesc, srv)
}

// unary builds a grpc.MethodDesc handler for one method.
func unary[Req any, Resp any](name string, call func(PartnerPortalServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(PartnerPortalServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + ServiceName + "/" + name}
			handler := func(ctx context.Context, req any) (any, error) {
				return call(srv.(PartnerPortalServer), ctx, req.(*Req))
			}
			return interceptor(ctx, in, info, handler)
		},
	}
}

var PartnerPortal_ServiceDesc = grpc.ServiceDesc{
	ServiceName: ServiceName,
	HandlerType: (*PartnerPortalServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("SubmitApplication", PartnerPortalServer.SubmitApplication),
		unary("GetApplication", PartnerPortalServer.GetApplication),
		unary("UpsertProperty", PartnerPortalServer.UpsertProperty),
		unary("RequestAdverseActionLetter", PartnerPortalServer.RequestAdverseActionLetter),
		unary("AcknowledgeReport", PartnerPortalServer.AcknowledgeReport),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "tenantlens/partner/v1/partner_portal.proto",
}

// JSONCodec is the wire codec partner portals use.
type JSONCodec struct{}

func (JSONCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (JSONCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (JSONCodec) Name() string                       { return "json" }
