//===- Registry.cpp - the checkers lint runs -------------------------------===//
#include "checkers/Checker.h"

using namespace aircheck;

const std::vector<std::unique_ptr<Checker>> &aircheck::allCheckers() {
  static const std::vector<std::unique_ptr<Checker>> checkers = [] {
    std::vector<std::unique_ptr<Checker>> v;
    v.push_back(createHierarchyNesting());
    v.push_back(createLaunchTokenScope());
    v.push_back(createMemoryLevels());
    v.push_back(createChannelReferences());
    v.push_back(createChannelPairing());
    v.push_back(createChannelCountBalance());
    v.push_back(createChannelVolumeBalance());
    v.push_back(createDmaVolumeBalance());
    v.push_back(createChannelIndexResolution());
    v.push_back(createBroadcastCoverage());
    v.push_back(createCascadeAdjacency());
    v.push_back(createSyncOrderDeadlock());
    v.push_back(createSyncProgramOrder());
    v.push_back(createLaunchCrossing());
    v.push_back(createDeadlockFreedom());
    v.push_back(createResourceFit());
    v.push_back(createTokenConsistency());
    v.push_back(createDataRace());
    v.push_back(createBufferLifetime());
    v.push_back(createAccessBounds());
    v.push_back(createAIETiles());
    v.push_back(createAIEMemory());
    v.push_back(createAIELocks());
    v.push_back(createAIEBDs());
    v.push_back(createAIEDMAChannels());
    v.push_back(createAIEObjectFifoResources());
    v.push_back(createAIEFlows());
    v.push_back(createAIELockProtocol());
    v.push_back(createAIEDeadlock());
    v.push_back(createAIEDataRace());
    v.push_back(createTokenProtocol());
    v.push_back(createMemoryRace());
    v.push_back(createQueueBalance());
    v.push_back(createQueueDeadlock());
    return v;
  }();
  return checkers;
}
