# IOSecKit for CocoaPods. The SwiftPM package is IOSecKit/Package.swift; both build the same sources.
Pod::Spec.new do |s|
  s.name = 'IOSecKit'
  s.version = '0.1.0'
  s.summary = 'Correct-by-default Keychain storage, pinning, biometrics, redaction and security events for iOS apps.'
  s.description = <<-DESC
    The building blocks iosec's findings point to: KeychainStore (ThisDeviceOnly, add-or-update, never deletes
    on a failed read), BiometricSecretStore, SessionStore, PinSet and PinningURLSessionDelegate (SPKI pinning with
    a backup pin), Redactor, SecurityEventRecorder, DeviceIntegrity, AssociationFileSelfCheck, ProtectedFile,
    SecurePasteboard, WebNavigationPolicy, InputPolicy and PasswordPolicy.
  DESC
  s.homepage = 'https://github.com/iosec/iosec'
  # No licence has been chosen for the repository yet; set it here when one is.
  s.license = { :type => 'UNLICENSED', :text => 'No licence has been chosen yet.' }
  s.author = 'iosec'
  s.source = { :git => 'https://github.com/iosec/iosec.git', :tag => s.version.to_s }
  s.module_name = 'IOSecKit'
  s.swift_versions = ['6.0']
  s.ios.deployment_target = '15.0'
  s.osx.deployment_target = '13.0'
  s.tvos.deployment_target = '15.0'
  s.watchos.deployment_target = '8.0'
  s.visionos.deployment_target = '1.0'
  s.default_subspecs = 'Core'

  s.subspec 'Core' do |core|
    core.source_files = [
      'IOSecKit/Sources/IOSecKitBase/**/*.swift',
      'IOSecKit/Sources/IOSecKit/**/*.swift'
    ]
    core.exclude_files = 'IOSecKit/Sources/IOSecKit/Logging/SecureLogHandler.swift'
    core.resource_bundles = { 'IOSecKit_Privacy' => ['IOSecKit/Sources/IOSecKit/PrivacyInfo.xcprivacy'] }
  end

  # SecureLogHandler for swift-log: needs its LogEvent API (1.16.2 or later) from a Logging pod of that version.
  s.subspec 'SwiftLog' do |log|
    log.dependency 'IOSecKit/Core'
    log.dependency 'Logging', '>= 1.16.2'
    log.source_files = 'IOSecKit/Sources/IOSecKit/Logging/SecureLogHandler.swift'
  end
end
