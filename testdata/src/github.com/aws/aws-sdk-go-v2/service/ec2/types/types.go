// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/ec2/types v1.347.0 for analysistest.
package types

type InstanceType string

const (
	InstanceTypeT2Micro InstanceType = "t2.micro"
	InstanceTypeT3Micro InstanceType = "t3.micro"
)

type ResourceType string

const ResourceTypeInstance ResourceType = "instance"

type Tag struct {
	Key   *string
	Value *string
}

type TagSpecification struct {
	ResourceType ResourceType
	Tags         []Tag
}

type GroupIdentifier struct {
	GroupId   *string
	GroupName *string
}

// Instance is trimmed (the real one has ~60 fields).
type Instance struct {
	ClientToken  *string
	ImageId      *string
	InstanceId   *string
	InstanceType InstanceType
	KeyName      *string
	SubnetId     *string
	Tags         []Tag
}
