// Code shaped after protoc-gen-go-grpc output for locker/v1/partner.proto.

package lockerv1

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const (
	PartnerService_CreateShipment_FullMethodName = "/locker.v1.PartnerService/CreateShipment"
	PartnerService_CancelShipment_FullMethodName = "/locker.v1.PartnerService/CancelShipment"
	PartnerService_RequestReturn_FullMethodName  = "/locker.v1.PartnerService/RequestReturn"
)

// PartnerServiceClient is the client API for PartnerService.
type PartnerServiceClient interface {
	CreateShipment(ctx context.Context, in *CreateShipmentRequest, opts ...grpc.CallOption) (*CreateShipmentResponse, error)
	CancelShipment(ctx context.Context, in *CancelShipmentRequest, opts ...grpc.CallOption) (*CancelShipmentResponse, error)
	RequestReturn(ctx context.Context, in *RequestReturnRequest, opts ...grpc.CallOption) (*RequestReturnResponse, error)
}

type partnerServiceClient struct {
	cc grpc.ClientConnInterface
}

func NewPartnerServiceClient(cc grpc.ClientConnInterface) PartnerServiceClient {
	return &partnerServiceClient{cc}
}

func (c *partnerServiceClient) CreateShipment(ctx context.Context, in *CreateShipmentRequest, opts ...grpc.CallOption) (*CreateShipmentResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(CreateShipmentResponse)
	err := c.cc.Invoke(ctx, PartnerService_CreateShipment_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *partnerServiceClient) CancelShipment(ctx context.Context, in *CancelShipmentRequest, opts ...grpc.CallOption) (*CancelShipmentResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(CancelShipmentResponse)
	err := c.cc.Invoke(ctx, PartnerService_CancelShipment_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *partnerServiceClient) RequestReturn(ctx context.Context, in *RequestReturnRequest, opts ...grpc.CallOption) (*RequestReturnResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(RequestReturnResponse)
	err := c.cc.Invoke(ctx, PartnerService_RequestReturn_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PartnerServiceServer is the server API for PartnerService.
// All implementations must embed UnimplementedPartnerServiceServer for forward compatibility.
type PartnerServiceServer interface {
	CreateShipment(context.Context, *CreateShipmentRequest) (*CreateShipmentResponse, error)
	CancelShipment(context.Context, *CancelShipmentRequest) (*CancelShipmentResponse, error)
	RequestReturn(context.Context, *RequestReturnRequest) (*RequestReturnResponse, error)
	mustEmbedUnimplementedPartnerServiceServer()
}

// UnimplementedPartnerServiceServer must be embedded to have forward compatible implementations.
type UnimplementedPartnerServiceServer struct{}

func (UnimplementedPartnerServiceServer) CreateShipment(context.Context, *CreateShipmentRequest) (*CreateShipmentResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method CreateShipment not implemented")
}
func (UnimplementedPartnerServiceServer) CancelShipment(context.Context, *CancelShipmentRequest) (*CancelShipmentResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method CancelShipment not implemented")
}
func (UnimplementedPartnerServiceServer) RequestReturn(context.Context, *RequestReturnRequest) (*RequestReturnResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method RequestReturn not implemented")
}
func (UnimplementedPartnerServiceServer) mustEmbedUnimplementedPartnerServiceServer() {}

func RegisterPartnerServiceServer(s grpc.ServiceRegistrar, srv PartnerServiceServer) {
	s.RegisterService(&PartnerService_ServiceDesc, srv)
}

func _PartnerService_CreateShipment_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(CreateShipmentRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(PartnerServiceServer).CreateShipment(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: PartnerService_CreateShipment_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(PartnerServiceServer).CreateShipment(ctx, req.(*CreateShipmentRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _PartnerService_CancelShipment_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(CancelShipmentRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(PartnerServiceServer).CancelShipment(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: PartnerService_CancelShipment_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(PartnerServiceServer).CancelShipment(ctx, req.(*CancelShipmentRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _PartnerService_RequestReturn_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(RequestReturnRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(PartnerServiceServer).RequestReturn(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: PartnerService_RequestReturn_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(PartnerServiceServer).RequestReturn(ctx, req.(*RequestReturnRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// PartnerService_ServiceDesc is the grpc.ServiceDesc for PartnerService service.
var PartnerService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "locker.v1.PartnerService",
	HandlerType: (*PartnerServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{
			MethodName: "CreateShipment",
			Handler:    _PartnerService_CreateShipment_Handler,
		},
		{
			MethodName: "CancelShipment",
			Handler:    _PartnerService_CancelShipment_Handler,
		},
		{
			MethodName: "RequestReturn",
			Handler:    _PartnerService_RequestReturn_Handler,
		},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "locker/v1/partner.proto",
}
