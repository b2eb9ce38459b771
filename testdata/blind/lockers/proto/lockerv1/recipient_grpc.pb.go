// Code shaped after protoc-gen-go-grpc output for locker/v1/recipient.proto.

package lockerv1

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const (
	RecipientService_OpenCompartment_FullMethodName  = "/locker.v1.RecipientService/OpenCompartment"
	RecipientService_ResendPickupCode_FullMethodName = "/locker.v1.RecipientService/ResendPickupCode"
	RecipientService_ExtendPickup_FullMethodName     = "/locker.v1.RecipientService/ExtendPickup"
)

// RecipientServiceClient is the client API for RecipientService.
type RecipientServiceClient interface {
	OpenCompartment(ctx context.Context, in *OpenCompartmentRequest, opts ...grpc.CallOption) (*OpenCompartmentResponse, error)
	ResendPickupCode(ctx context.Context, in *ResendPickupCodeRequest, opts ...grpc.CallOption) (*ResendPickupCodeResponse, error)
	ExtendPickup(ctx context.Context, in *ExtendPickupRequest, opts ...grpc.CallOption) (*ExtendPickupResponse, error)
}

type recipientServiceClient struct {
	cc grpc.ClientConnInterface
}

func NewRecipientServiceClient(cc grpc.ClientConnInterface) RecipientServiceClient {
	return &recipientServiceClient{cc}
}

func (c *recipientServiceClient) OpenCompartment(ctx context.Context, in *OpenCompartmentRequest, opts ...grpc.CallOption) (*OpenCompartmentResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(OpenCompartmentResponse)
	err := c.cc.Invoke(ctx, RecipientService_OpenCompartment_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *recipientServiceClient) ResendPickupCode(ctx context.Context, in *ResendPickupCodeRequest, opts ...grpc.CallOption) (*ResendPickupCodeResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(ResendPickupCodeResponse)
	err := c.cc.Invoke(ctx, RecipientService_ResendPickupCode_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *recipientServiceClient) ExtendPickup(ctx context.Context, in *ExtendPickupRequest, opts ...grpc.CallOption) (*ExtendPickupResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(ExtendPickupResponse)
	err := c.cc.Invoke(ctx, RecipientService_ExtendPickup_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RecipientServiceServer is the server API for RecipientService.
// All implementations must embed UnimplementedRecipientServiceServer for forward compatibility.
type RecipientServiceServer interface {
	OpenCompartment(context.Context, *OpenCompartmentRequest) (*OpenCompartmentResponse, error)
	ResendPickupCode(context.Context, *ResendPickupCodeRequest) (*ResendPickupCodeResponse, error)
	ExtendPickup(context.Context, *ExtendPickupRequest) (*ExtendPickupResponse, error)
	mustEmbedUnimplementedRecipientServiceServer()
}

// UnimplementedRecipientServiceServer must be embedded to have forward compatible implementations.
type UnimplementedRecipientServiceServer struct{}

func (UnimplementedRecipientServiceServer) OpenCompartment(context.Context, *OpenCompartmentRequest) (*OpenCompartmentResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method OpenCompartment not implemented")
}
func (UnimplementedRecipientServiceServer) ResendPickupCode(context.Context, *ResendPickupCodeRequest) (*ResendPickupCodeResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method ResendPickupCode not implemented")
}
func (UnimplementedRecipientServiceServer) ExtendPickup(context.Context, *ExtendPickupRequest) (*ExtendPickupResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method ExtendPickup not implemented")
}
func (UnimplementedRecipientServiceServer) mustEmbedUnimplementedRecipientServiceServer() {}

func RegisterRecipientServiceServer(s grpc.ServiceRegistrar, srv RecipientServiceServer) {
	s.RegisterService(&RecipientService_ServiceDesc, srv)
}

func _RecipientService_OpenCompartment_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(OpenCompartmentRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(RecipientServiceServer).OpenCompartment(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: RecipientService_OpenCompartment_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(RecipientServiceServer).OpenCompartment(ctx, req.(*OpenCompartmentRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _RecipientService_ResendPickupCode_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(ResendPickupCodeRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(RecipientServiceServer).ResendPickupCode(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: RecipientService_ResendPickupCode_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(RecipientServiceServer).ResendPickupCode(ctx, req.(*ResendPickupCodeRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _RecipientService_ExtendPickup_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(ExtendPickupRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(RecipientServiceServer).ExtendPickup(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: RecipientService_ExtendPickup_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(RecipientServiceServer).ExtendPickup(ctx, req.(*ExtendPickupRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// RecipientService_ServiceDesc is the grpc.ServiceDesc for RecipientService service.
var RecipientService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "locker.v1.RecipientService",
	HandlerType: (*RecipientServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{
			MethodName: "OpenCompartment",
			Handler:    _RecipientService_OpenCompartment_Handler,
		},
		{
			MethodName: "ResendPickupCode",
			Handler:    _RecipientService_ResendPickupCode_Handler,
		},
		{
			MethodName: "ExtendPickup",
			Handler:    _RecipientService_ExtendPickup_Handler,
		},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "locker/v1/recipient.proto",
}
